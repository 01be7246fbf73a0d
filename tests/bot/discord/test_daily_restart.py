"""One attempt a day across restarts of the real bot, on SQLite and PostgreSQL: an attempt in
progress resumes with its remaining time and its words, a second attempt is refused, and an
attempt whose deadline passed while the bot was down is finished at start."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.daily_helpers import attempt_of, latest, open_daily, words_of
from tests.bot.harness import Clock, bot_session
from tests.postgres import fresh_postgres_url
from tests.stores import ENGINES


@asynccontextmanager
async def database_of(engine: str, folder: Path) -> AsyncIterator[str]:
    """What BOGGLE_DATABASE says for an empty database of ``engine``."""
    if engine == "sqlite":
        yield str(folder / "boggle.sqlite3")
        return
    async with fresh_postgres_url() as url:
        yield url


@pytest.mark.parametrize("engine", ENGINES)
async def test_one_attempt_a_day_across_restarts(
    standin: StandIn, tmp_path: Path, clock: Clock, lexicon: Lexicon, engine: str
) -> None:
    async with database_of(engine, tmp_path) as database:
        async with bot_session(standin, database, clock, lexicon) as game:
            await open_daily(game, "alice")
            attempt = await attempt_of(game, "alice")
            first, second = words_of(await game.services.daily.board_of(attempt), 2)
            game.clock.advance(30)
            handle = await standin.slash("boggle", "alice", "daily-guess", {"words": first})
            assert f"**{first}**" in (await handle.followup()).content
            await open_daily(game, "bob")  # bob's runs out while the bot is down
            bobs = await attempt_of(game, "bob")

        clock.advance(60)
        async with bot_session(standin, database, clock, lexicon) as game:
            storage = game.services.storage
            finished = await storage.get_daily_attempt(bobs.id)
            assert finished is not None and not finished.finished  # 90 s of his 180 gone
            assert game.services.daily._armed == {
                attempt.id: attempt.deadline,
                bobs.id: bobs.deadline,
            }
            again = await open_daily(game, "alice")
            assert f"**{first}**" in again.content
            assert f"<t:{int(attempt.deadline)}:R>" in again.content  # the same deadline
            assert "1:" in again.content.split("left")[0][-6:]  # about a minute and a half
            handle = await standin.slash("boggle", "alice", "daily-guess", {"words": second})
            assert f"**{second}**" in (await handle.followup()).content
            assert [g.word for g in await storage.daily_guesses(attempt.id)] == [first, second]

        clock.advance(DAILY_SECONDS)  # both deadlines pass while the bot is down
        async with bot_session(standin, database, clock, lexicon) as game:
            storage = game.services.storage
            for player in (attempt, bobs):  # finished at start, before any command
                stored = await storage.get_daily_attempt(player.id)
                assert stored is not None and stored.finished
            assert game.services.daily._armed == {}
            result = await open_daily(game, "alice")
            assert "your result" in result.content and "2 words" in result.content
            assert await storage.unfinished_daily_attempts() == []
            history = await storage.daily_history(standin.user("alice").id)
            assert [a.id for a in history] == [attempt.id]  # never a second attempt
            await latest(standin, "alice", result, "Streak: 1")


async def test_a_guess_form_opened_before_a_restart_is_answered_after_it(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """The daily board's Guess form, opened, then the bot restarted, then sent: its words are
    judged (the form lived in the first process's memory: no answer, the words lost)."""
    async with bot_session(standin, database, clock, lexicon) as game:
        board_message = await open_daily(game)
        attempt = await attempt_of(game)
        (word,) = words_of(await game.services.daily.board_of(attempt), 1)
        clock.advance(20)
        opened = await standin.click(board_message, "alice", f"daily:guess:{attempt.id}")
        await opened.shown_modal()
    async with bot_session(standin, database, clock, lexicon) as game:  # a restart
        submitted = await standin.submit_modal(opened, {"words": word})
        await submitted.response()
        await latest(standin, "alice", board_message, f"**{word}**")
        stored = await game.services.storage.daily_guesses(attempt.id)
        assert [g.word for g in stored] == [word]
