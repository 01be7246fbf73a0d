"""The daily board played in the terminal sandbox as a person types it: ``/daily``, ``:click
Guess``, the form's prompt, the verdicts on the private board, Share once the time is up."""

from __future__ import annotations

import asyncio
import io
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.app import App
from bot.services import Services
from bot.tools.sandbox import run_sandbox
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from core.solver import solve
from standin import StandIn
from standin.codes import InteractionType
from tests.bot.daily_helpers import words_of
from tests.bot.harness import Clock, make_bot, read_board
from tests.bot.tools.test_sandbox_play import Terminal, _last_grid


async def test_the_daily_board_is_played_through_its_guess_form(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """``python -m bot`` with no token: the private board's Guess button opens the form, the
    words typed at its prompt are judged on the board; a button nobody shows is named."""
    terminal = await Terminal.open(tmp_path)
    try:
        await terminal.type("/daily", until="No words yet.")
        await terminal.read_until("[Guess]")
        words = sorted(solve(read_board(_last_grid(terminal.seen)), lexicon, 3), key=len)[:2]
        await terminal.type(":click Nope", until="has a button 'Nope'")
        nope = "! no message you see in #boggle has a button 'Nope' (buttons there: Guess)"
        assert nope in terminal.seen[-1]
        await terminal.type(":click Guess", until="[form] Your guesses")
        await terminal.read_until("Words [required; at most 400 characters; e.g. cat dog bird]:")
        await terminal.type(f"{' '.join(words)} qzxv", until="qzxv: not a word")
        await terminal.read_until("[Guess]")
        board = terminal.since("(edited) (only you can see this)")
        assert all(f"✅ **{word}** +1" in board for word in words), board
        assert "**So far:** 2 words, 2 pts" in board
        transcript = await terminal.quit()
    finally:
        await terminal.kill()
    assert "Traceback" not in transcript


class Screen(io.StringIO):
    """What the sandbox printed, read on as it comes."""

    seen = 0  # how far the test has read

    async def wait_for(self, text: str, timeout: float = 10.0) -> str:
        """What was printed from the last read on, up to and including ``text``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (at := self.getvalue().find(text, self.seen)) < 0:
            if loop.time() > deadline:
                raise AssertionError(f"no {text!r} in:\n{self.getvalue()[self.seen :]}")
            await asyncio.sleep(0.02)
        shown, self.seen = self.getvalue()[self.seen : at + len(text)], at + len(text)
        return shown


@dataclass
class Sandbox:
    """``run_sandbox`` with the bot in this process on a clock the test moves, typed into."""

    standin: StandIn
    clock: Clock
    screen: Screen
    keyboard: io.TextIOWrapper
    apps: list[App]

    async def type(self, line: str, until: str) -> str:
        self.keyboard.write(f"{line}\n")
        self.keyboard.flush()
        return await self.screen.wait_for(until)

    def services(self) -> Services:
        """The services of the one bot the sandbox started."""
        [app] = self.apps
        assert app.services is not None  # the bot is running
        return app.services


@asynccontextmanager
async def sandbox(folder: Path, lexicon: Lexicon) -> AsyncIterator[Sandbox]:
    clock, standin, screen, apps = Clock(), StandIn(), Screen(), []
    read_end, write_end = os.pipe()

    async def start_bot(api_base: str, gateway_url: str) -> None:
        app = make_bot(folder / "boggle.sqlite3", clock, lexicon)
        apps.append(app)
        async with app.client as bot:
            await bot.start("sandbox-token")

    with os.fdopen(read_end) as keys, os.fdopen(write_end, "w") as keyboard:
        session = asyncio.create_task(
            run_sandbox(start_bot, stdin=keys, stdout=screen, folder=folder, standin=standin)
        )
        try:
            await screen.wait_for("Type :help")
            yield Sandbox(standin, clock, screen, keyboard, apps)
            keyboard.write(":quit\n")
            keyboard.flush()
            await asyncio.wait_for(session, 30)
        finally:
            session.cancel()
    assert screen.getvalue().rstrip().endswith("Sandbox closed.")


async def test_a_dismissed_form_sends_nothing_and_share_posts_the_result(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    async with sandbox(tmp_path, lexicon) as play:
        await play.type("/daily", until="[Guess]")
        daily = play.services().daily
        attempt = await daily.running(play.standin.user("alice").id)
        assert attempt is not None
        word = words_of(await daily.board_of(attempt), 1)[0]

        await play.type(":click Guess", until="Words [required")
        shown = await play.type(":cancel", until="(form dismissed: nothing was sent)")
        assert "[form]" not in shown and "Daily board" not in shown
        submits = [
            h
            for h in play.standin.rest.interactions.values()
            if h.type == InteractionType.MODAL_SUBMIT
        ]
        assert submits == []

        play.clock.advance(20)  # a person reads the board first (fair play counts typing speed)
        await play.type(":click Guess", until="Words [required")
        refused = await play.type("x" * 401, until="Words [required")
        assert "! 'Words' takes at most 400 characters" in refused
        shown = await play.type(word, until="[Guess]")
        assert "(edited) (only you can see this)" in shown and f"✅ **{word}** +" in shown

        play.clock.advance(DAILY_SECONDS)  # the time is up: the board shows the result
        result = await play.screen.wait_for("[Share]")
        assert "your result" in result and "1 word" in result
        shown = await play.type(":click Share", until="played daily board")
        assert "alice clicked [Share]" in shown and "Shared. (only you can see this)" in shown
        await play.standin.add_member("bob", "Bob")
        [post] = [m for m in play.standin.seen_by("bob", "boggle") if "daily board" in m.content]
        assert not post.ephemeral and f"#{attempt.day_number}" in post.content
        me = play.apps[0].client.user
        assert me is not None and post.author.id == me.id
