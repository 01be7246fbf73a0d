"""The no-token sandbox: the real bot against the local stand-in, played from a terminal.

You type as a player in #boggle; the bot's messages print as a Discord user would see them.
Nothing connects to Discord.
"""

from __future__ import annotations

import asyncio
import contextlib
import shlex
import sys
import threading
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TextIO

from bot.tools.sandbox_actions import click, reply
from bot.tools.sandbox_forms import CANCEL
from bot.tools.sandbox_terminal import Terminal, answered, settle
from bot.tools.sandbox_web import add_person, people, web_links
from bot.tools.sandbox_world import CHANNEL as WORLD_CHANNEL
from bot.tools.sandbox_world import add_world_channel
from standin import CommandError, StandIn
from standin.hooks import pointed_at
from standin.world_file import WorldFile

StartBot = Callable[[str, str], Coroutine[Any, Any, None]]
WorldRounds = Callable[[StandIn], Coroutine[Any, Any, None]]  # runs once the bot is connected

SAVE_EVERY = 1.0  # seconds between saves of a changed world
HISTORY = 10  # messages of the channel shown when the sandbox opens

BANNER = """\
================================================================================
 LOCAL SANDBOX - no Discord connection.
 The bot is talking to a Discord stand-in on {base} (this machine only).
 To run on real Discord instead, set DISCORD_TOKEN=<your bot token> (environment or .env).
================================================================================
"""

HELP = """\
  Type a message to say it in the channel, or a slash command, e.g.
    /boggle start size:5 time:2m
  :as NAME      play as another person (joins the server if new); :as sandbox-owner
                is the server's owner, who may use /boggle-config
  :in CHANNEL   move to another channel (e.g. :in general); :in world is the world
                round's channel: a new board every 30 s, players from elsewhere in it
                (shown only there)
  /daily        today's daily board, only you see it: :click Guess, then type your words
  :web NAME     a link that opens the Activity's page in a browser as NAME
  :click LABEL  click a button on the latest message you see that has it (the bot's
                messages only you can see included)
  :reply WORDS  reply to the channel's running board with WORDS (how players guess when
                the bot has no message-content intent: BOGGLE_MESSAGE_CONTENT=off)
  A form the bot opens asks for each field on its own line: type the value (an empty
  line skips an optional field); :cancel dismisses the form, sending nothing
  :help         this help
  :quit         leave (end of input does the same)
"""


def parse_slash(standin: StandIn, channel: str, line: str) -> tuple[str, dict[str, str]]:
    """``/boggle start size:5 time:2m`` -> ("boggle start", {"size": "5", "time": "2m"}).

    The synced definitions decide where the name ends and which words are option names; a word
    that is not ``known_option:value`` continues the previous value (``/guess words:cat dog``).
    """
    try:
        words = shlex.split(line[1:])
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    name_words: list[str] = []
    while words and ":" not in words[0]:
        name_words.append(words.pop(0))
    name, extra = standin.split_command(channel, name_words)
    if extra:
        raise CommandError(f"unknown subcommand {' '.join(extra)!r} of /{name}")
    known = {o["name"] for o in standin.command_options(channel, name)}
    options: dict[str, str] = {}
    last: str | None = None
    for word in words:
        key, sep, value = word.partition(":")
        if sep and key in known:
            options[key] = value
            last = key
        elif last is not None:
            options[last] += " " + word
        else:
            raise CommandError(f"unknown option {key!r}; options: {', '.join(sorted(known))}")
    return name, options


def _read_lines(
    stdin: TextIO, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None]
) -> None:
    """Runs in a thread so a blocking read never stalls the event loop; None marks the end."""
    try:
        for line in iter(stdin.readline, ""):
            loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\n"))
    except (ValueError, OSError):
        pass
    finally:
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(queue.put_nowait, None)


async def run_sandbox(
    start_bot: StartBot,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    folder: Path | str = Path("sandbox"),
    standin: StandIn | None = None,
    world_file: Path | str | None = None,
    quiet: float = 0.3,
    connect_timeout: float = 60.0,
    page_url: Callable[[], str | None] | None = None,
    world_rounds: WorldRounds | None = None,
) -> None:
    """Start the stand-in and the bot, then chat in the terminal until ``:quit`` or end of input.

    ``start_bot(api_base, gateway_url)`` runs the bot until cancelled (and closes it when
    cancelled, e.g. ``async with client: await client.start(token)``). After each line the
    sandbox waits until the bot has been ``quiet`` for a moment, so replies print before the
    next prompt even when input is scripted. With ``world_file`` the server, its channels,
    people and messages are those of the last run, and are saved as they change. With
    ``world_rounds`` the server has a #world channel (shown only from there), and
    ``world_rounds(standin)`` runs from the bot's connection on.
    """
    stdin = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    world = WorldFile(world_file) if world_file is not None else None
    if standin is None:
        standin = world.standin() if world is not None else StandIn()
    terminal = Terminal(standin, out, Path(folder), echo_people=not _is_tty(stdin))
    if page_url is not None:
        terminal.page_url = page_url
    if world_rounds is not None:
        add_world_channel(standin)
        terminal.muted.add(WORLD_CHANNEL)
    await standin.start()
    try:
        with pointed_at(standin.api_base, standin.gateway_url):
            await _play(
                start_bot, standin, world, terminal, stdin, quiet, connect_timeout, world_rounds
            )
    finally:
        await standin.stop()
        terminal.write("Sandbox closed.")


async def _play(
    start_bot: StartBot,
    standin: StandIn,
    world: WorldFile | None,
    terminal: Terminal,
    stdin: TextIO,
    quiet: float,
    connect_timeout: float,
    world_rounds: WorldRounds | None = None,
) -> None:
    """The bot running and the chat open, until either ends; the world saved as it changes."""
    terminal.write(BANNER.format(base=standin.base_url))
    _show_history(standin, terminal)
    standin.on_transcript(terminal.show)
    bot_task = asyncio.create_task(start_bot(standin.api_base, standin.gateway_url))
    keeper: asyncio.Task[None] | None = None
    rounds: asyncio.Task[None] | None = None
    connected = False
    try:
        connected = await _wait_for_bot(standin, bot_task, terminal, connect_timeout)
        if connected:  # saved from now on: a bot that never started leaves no world behind
            if world is not None:
                keeper = asyncio.create_task(_keep_saved(world, standin, terminal))
            if world_rounds is not None:
                rounds = asyncio.create_task(world_rounds(standin))
            terminal.write(
                f"Connected as {standin.world.bot.username}. You are {terminal.player} in "
                f"#{terminal.channel}. Type :help for help."
            )
            web_links(standin, terminal, people(standin, terminal.channel))
            await _chat(standin, terminal, stdin, bot_task, quiet)
    finally:
        if rounds is not None:
            rounds.cancel()
            with contextlib.suppress(BaseException):
                await rounds
        bot_task.cancel()
        with contextlib.suppress(BaseException):
            await bot_task
        if keeper is not None:
            keeper.cancel()
        if connected:
            _save(world, standin, terminal)


def _show_history(standin: StandIn, terminal: Terminal) -> None:
    """What a client shows on opening the channel: its latest messages (a saved world's)."""
    entries = standin.history(terminal.channel, HISTORY)
    if entries:
        terminal.write(f"-- the latest messages in #{terminal.channel} --")
    for entry in entries:
        terminal.show(entry, history=True)


async def _keep_saved(world: WorldFile, standin: StandIn, terminal: Terminal) -> None:
    """Save the world whenever it changed, so a crash loses at most a second of it."""
    while True:
        await asyncio.sleep(SAVE_EVERY)
        _save(world, standin, terminal)


def _save(world: WorldFile | None, standin: StandIn, terminal: Terminal) -> None:
    if world is None:
        return
    try:
        world.save(standin)
    except OSError as exc:
        if terminal.save_error != str(exc):
            terminal.write(f"  ! the sandbox world could not be saved to {world.path}: {exc}")
        terminal.save_error = str(exc)
    else:
        terminal.save_error = None


def _is_tty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


async def _wait_for_bot(
    standin: StandIn, bot_task: asyncio.Task[None], terminal: Terminal, timeout: float
) -> bool:
    """Wait until the bot has a gateway session and received its guilds; report failures, and
    raise the error that stopped the bot, for the caller to name (a database it cannot use)."""
    try:
        await standin.wait_until(
            lambda: (
                bot_task.done()
                or any(s.ws is not None and s.seq >= 1 for s in standin.gateway.sessions.values())
            ),
            timeout,
        )
    except TimeoutError:
        terminal.write(f"The bot did not connect within {timeout:.0f}s.")
        return False
    if bot_task.done():
        error = None if bot_task.cancelled() else bot_task.exception()
        terminal.write(f"The bot stopped before connecting: {error!r}")
        if error is not None:
            raise error
        return False
    return True


async def _chat(
    standin: StandIn, terminal: Terminal, stdin: TextIO, bot_task: asyncio.Task[None], quiet: float
) -> None:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    threading.Thread(target=_read_lines, args=(stdin, loop, queue), daemon=True).start()
    while True:
        next_line = asyncio.ensure_future(queue.get())
        done, _ = await asyncio.wait({next_line, bot_task}, return_when=asyncio.FIRST_COMPLETED)
        if next_line not in done:
            next_line.cancel()
            error = None if bot_task.cancelled() else bot_task.exception()
            terminal.write(f"The bot stopped: {error!r}")
            return
        line = next_line.result()
        if line is None:
            await settle(terminal, quiet, 5.0)
            return
        line = line.strip()
        if terminal.form is not None:
            if not await _fill(standin, terminal, line, quiet):
                return
            continue
        if not line:
            continue
        if line.startswith(":"):
            if not await _meta(standin, terminal, line):
                return
            continue
        try:
            if line.startswith("/"):
                await _slash(standin, terminal, line)
            else:
                await standin.user_says(terminal.channel, terminal.player, line)
        except (CommandError, ValueError, KeyError) as exc:
            terminal.write(f"  ! {exc}")
        await settle(terminal, quiet, 5.0)


async def _slash(standin: StandIn, terminal: Terminal, line: str) -> None:
    name, options = parse_slash(standin, terminal.channel, line)
    if terminal.echo_people:
        terminal.write(f"{terminal.player} used {line}")
    handle = await standin.slash(terminal.channel, terminal.player, name, options)
    await answered(terminal, handle)


async def _fill(standin: StandIn, terminal: Terminal, line: str, quiet: float) -> bool:
    """One line typed while a form is open: the current field's value, ``:cancel`` (the form
    dismissed, nothing sent) or ``:quit``; the form is submitted once every field is filled.
    False means quit."""
    form = terminal.form
    assert form is not None
    if line in (":quit", ":q", ":exit"):
        return False
    if line == CANCEL:
        terminal.form = None
        terminal.write("  (form dismissed: nothing was sent)")
        return True
    if terminal.echo_people:
        terminal.write(f"  > {line}")
    try:
        form.take(line)
    except CommandError as exc:
        terminal.write(f"  ! {exc}")
        terminal.write(form.prompt())
        return True
    if not form.filled:
        terminal.write(form.prompt())
        return True
    terminal.form = None
    try:
        submit = await standin.submit_modal(form.handle, form.values, user=terminal.player)
    except CommandError as exc:
        terminal.write(f"  ! {exc}")
        return True
    await answered(terminal, submit)
    await settle(terminal, quiet, 5.0)
    return True


async def _meta(standin: StandIn, terminal: Terminal, line: str) -> bool:
    """Handle a ``:command``; False means quit."""
    word, _, arg = line[1:].partition(" ")
    arg = arg.strip()
    if word in ("quit", "q", "exit"):
        return False
    if word == "help":
        terminal.write(HELP)
    elif word == "as" and arg:
        name = arg.lstrip("@").lower()
        await standin.add_member(name, name.capitalize())
        terminal.player = name
        terminal.write(f"  (you are now {name})")
    elif word == "in" and arg:
        try:
            channel = standin.channel(arg)
        except KeyError as exc:
            terminal.write(f"  ! {exc}")
        else:
            terminal.channel = channel.name
            terminal.write(f"  (you are now in #{channel.name})")
    elif word == "web" and arg:
        web_links(standin, terminal, [await add_person(standin, arg)])
    elif word == "click" and arg:
        await click(standin, terminal, arg)
    elif word == "reply" and arg:
        await reply(standin, terminal, arg)
    else:
        terminal.write(f"  ! unknown command :{word} (try :help)")
    return True
