"""The terminal sandbox, driven by scripted input with the demo bot."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import discord.http
import pytest

from bot.discord.endpoints import point_discord_at
from bot.tools.sandbox import parse_slash, run_sandbox
from bot.tools.sandbox_terminal import render_embed
from standin import StandIn
from tests.standin.demo_bot import DemoBot, raw_commands
from tests.standin.private_bot import PrivateBot

SCRIPT = """\
:help
!echo hello
/boggle start size:5 time:2m
:as bob
/boggle hint
:click Shake
!file
!react
/boggle start size:9
/nope
:quit
this line is never read
"""


async def _start_demo(api_base: str, gateway_url: str) -> None:
    point_discord_at(api_base, gateway_url)
    async with DemoBot() as bot:
        await bot.start("sandbox-token")


async def test_scripted_sandbox_session(tmp_path: Path) -> None:
    out = io.StringIO()
    base_before = discord.http.Route.BASE
    await run_sandbox(
        _start_demo, stdin=io.StringIO(SCRIPT), stdout=out, folder=tmp_path, quiet=0.15
    )
    text = out.getvalue()
    assert "LOCAL SANDBOX - no Discord connection" in text
    assert "DISCORD_TOKEN" in text
    assert ":as NAME" in text  # the help
    assert "BoggleBot: hello (replying to alice)" in text
    # Slash command with converted options, its embed (code block kept) and its button.
    assert "BoggleBot: round 5 2m hard=False (to alice's command)" in text
    assert "  | **Boggle 5x5**\n  | ```\n  | A B\n  | C D\n  | ```\n  | time: 2m" in text
    assert "  [Shake]" in text
    assert "(you are now bob)" in text
    assert "BoggleBot: psst: QUIET (only you can see this) (to bob's command)" in text
    assert "BoggleBot: shaken by bob (edited)" in text
    saved = await asyncio.to_thread(lambda: next(tmp_path.glob("*-board.txt")))
    assert await asyncio.to_thread(saved.read_bytes) == b"A B\nC D\n"
    assert f"[attachment board.txt saved to {saved} (8 bytes)]" in text
    assert "  [bot reacted ✅ to bob: '!react']" in text
    assert "! size: 9 is out of range" in text
    assert "! unknown command /nope" in text
    assert "never read" not in text
    assert text.rstrip().endswith("Sandbox closed.")
    assert base_before == discord.http.Route.BASE


FORMS = """\
/ask
ab
cat dog
first\\nsecond
/private
:click guess
:cancel
:as bob
:click Guess
:as alice
:click Guess
tea

:quit
"""


async def _start_private(api_base: str, gateway_url: str) -> None:
    point_discord_at(api_base, gateway_url)
    async with PrivateBot() as bot:
        await bot.start("sandbox-token")


async def test_a_modal_is_filled_in_at_the_terminal(tmp_path: Path) -> None:
    """A modal opened by a command or by a button on a private message: each field asked in
    turn with its limits, a value the client refuses asked again, an optional one skipped by
    an empty line, a paragraph's line breaks typed as \\n; :cancel sends nothing."""
    out = io.StringIO()
    await run_sandbox(
        _start_private, stdin=io.StringIO(FORMS), stdout=out, folder=tmp_path, quiet=0.15
    )
    text = out.getvalue()
    words = "  Words [required; 3 to 40 characters; e.g. cat dog]:\n"
    note = "  Note [optional: an empty line skips it; \\n for a line break]:\n"
    assert (
        "  [form] Your guesses (one line a field; :cancel dismisses it)\n"
        + words
        + "  > ab\n  ! 'Words' needs at least 3 characters\n"
        + words
        + "  > cat dog\n"
        + note
    ) in text
    assert (
        "BoggleBot: (only you can see this) (to alice's command)\n  guessed cat dog (first\n  second)"
        in text
    )
    assert "alice clicked [Guess]\n  [form] Your guesses" in text
    assert "  (form dismissed: nothing was sent)\n  (you are now bob)" in text
    assert "  ! no message you see in #boggle has a button 'Guess'\n" in text
    assert "BoggleBot: guessed tea (no note) (edited) (only you can see this)" in text
    assert text.count("guessed") == 2


async def test_sandbox_ends_cleanly_at_end_of_input(tmp_path: Path) -> None:
    out = io.StringIO()
    await run_sandbox(
        _start_demo, stdin=io.StringIO("!echo bye"), stdout=out, folder=tmp_path, quiet=0.15
    )
    assert "BoggleBot: bye" in out.getvalue()
    assert out.getvalue().rstrip().endswith("Sandbox closed.")


async def test_sandbox_reports_a_bot_that_cannot_start(tmp_path: Path) -> None:
    async def broken(api_base: str, gateway_url: str) -> None:
        raise RuntimeError("no dictionary")

    out = io.StringIO()
    with pytest.raises(RuntimeError, match="no dictionary"):  # for its caller to name and exit 1
        await run_sandbox(broken, stdin=io.StringIO("hello\n"), stdout=out, folder=tmp_path)
    assert "The bot stopped before connecting: RuntimeError('no dictionary')" in out.getvalue()


async def test_parse_slash_uses_synced_definitions(standin: StandIn) -> None:
    standin.commands.overwrite(None, raw_commands())
    assert parse_slash(standin, "boggle", "/boggle start size:5 time:2m") == (
        "boggle start",
        {"size": "5", "time": "2m"},
    )
    assert parse_slash(standin, "boggle", "/guess words:cat dog  tree") == (
        "guess",
        {"words": "cat dog tree"},
    )
    assert parse_slash(standin, "boggle", '/guess words:"a:b"') == ("guess", {"words": "a:b"})


def test_render_embed() -> None:
    embed = {
        "title": "Results",
        "description": "line 1\nline 2",
        "fields": [{"name": "alice", "value": "12 points\n3 words"}],
        "footer": {"text": "round 7"},
    }
    assert render_embed(embed) == [
        "**Results**",
        "line 1",
        "line 2",
        "alice: 12 points",
        "  3 words",
        "-- round 7",
    ]


def test_timestamps_read_as_a_client_shows_them() -> None:
    from bot.tools.sandbox_terminal import show_timestamps

    assert show_timestamps("ends <t:1150:R>", now=1000) == "ends ⏳2:30"
    assert show_timestamps("Fin <t:1030:R>", now=1000) == "Fin ⏳0:30"  # no English in French
    assert show_timestamps("ended <t:990:R>", now=1000) == "ended ⌛0:10"
    assert "<t:" not in show_timestamps("at <t:1700000000:T>")
