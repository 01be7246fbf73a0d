"""How rounds end when something goes wrong: the database, a shutdown, a stop, a slow board post."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session, query

POST = "POST /channels/{channel_id}/messages"


def _hold_write_lock(database: Path, seconds: float) -> threading.Thread:
    """Another process's transaction: the database is locked for ``seconds``."""
    locked = threading.Event()

    def hold() -> None:
        db = sqlite3.connect(database, timeout=10)
        db.execute("BEGIN IMMEDIATE")
        locked.set()
        threading.Event().wait(seconds)
        db.rollback()
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    assert locked.wait(5)
    return thread


async def test_results_wait_out_a_locked_database(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon, busy_timeout=0.05) as game:
        live, _ = await game.start_round("alice")
        word = game.words(live, 1)[0]
        await game.say("bob", word)
        await game.guesses_stored(1)
        holder = _hold_write_lock(database, 1.5)
        game.clock.advance(live.game.deadline - game.clock() + 1)
        await game.standin.wait_until(lambda: live.finishing)
        # While the results cannot be stored the channel says so, it is not stuck for good.
        handle = await game.standin.slash("boggle", "carol", "boggle start", {})
        assert "already running" in (await handle.original_message()).content
        await asyncio.to_thread(holder.join)
        results = await game.results(timeout=10)
        assert word in game.text_since(results)
        assert game.query("SELECT state FROM rounds") == [("finished",)]
        # and the channel is free again
        await game.start_round("carol")


async def test_a_stop_is_stored_before_the_results(game: Harness) -> None:
    live, _ = await game.start_round("alice", time="5m")
    planned = live.stored.deadline
    handle = await game.standin.slash("boggle", "alice", "boggle stop", {})
    assert "Round stopped" in (await handle.followup()).content
    [(deadline,)] = game.query("SELECT deadline FROM rounds")
    assert deadline < planned - 60


async def test_shutdown_lets_an_ending_round_post_its_results(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice")
        word = game.words(live, 1)[0]
        await game.say("bob", word)
        await game.guesses_stored(1)
        standin.faults.slow(POST, 0.5)
        game.clock.advance(live.game.deadline - game.clock() + 1)
        await standin.wait_until(lambda: live.finishing)
    # The session is closed (as at SIGTERM) while the results were on their way.
    standin.faults.clear()
    assert any("Round over" in m.content for m in standin.messages("boggle"))
    assert sqlite3.connect(database).execute("SELECT state FROM rounds").fetchall() == [
        ("finished",)
    ]


async def test_chat_before_the_board_is_posted_is_not_a_guess(game: Harness) -> None:
    game.standin.faults.slow(POST, 0.4, times=1)
    handle = await game.standin.slash("boggle", "alice", "boggle start", {})
    await game.standin.wait_until(lambda: game.query("SELECT count(*) FROM rounds") == [(1,)])
    early = await game.say("bob", "tea eat ate the and")
    await handle.followup()
    live = game.live()
    board_id = live.stored.board_message_id
    assert board_id is not None and early.id < board_id
    word = game.words(live, 1)[0]
    await game.say("carol", word)
    rows = await game.wait_for_guess("carol", word)
    assert [r for r in rows if r[0] == game.user_id("bob")] == []


async def test_classic_final_board_counts_cancelled_words(game: Harness) -> None:
    live, board = await game.start_round("alice", mode="classic")
    shared = game.words(live, 1)[0]
    await game.say("alice", shared)
    await game.say("bob", shared)
    await game.guesses_stored(2)
    await game.end_round()
    await game.standin.wait_until(
        lambda: "Time is up" in game.standin.world.messages[board.id].content
    )
    final = game.standin.world.messages[board.id].content
    assert "1 word · 0 pts" in final and "1 pt" not in final


async def test_shutdown_ends_while_the_database_takes_no_writes(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """Another process holds the database's write lock for good: a guess waits to be written
    (so it never got its ✅), and closing the bot still ends, within its bounds."""
    async with bot_session(standin, database, clock, lexicon, busy_timeout=0.05) as game:
        live, _ = await game.start_round("alice", size=4)
        blocker = sqlite3.connect(database, isolation_level=None)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            said = await game.say("bob", game.words(live, 1)[0])
            await game.standin.wait_until(
                lambda: game.services.writer.pending or game.services.writer.retries
            )
            started = time.monotonic()
            await asyncio.wait_for(game.bot.close(), 60)
            took = time.monotonic() - started
        finally:
            blocker.rollback()
            blocker.close()
    assert took < 15  # FINISH_GRACE is not needed (no round ending), WRITER_GRACE twice at most
    assert not said.reactions
    assert query(database, "SELECT count(*) FROM guesses") == [(0,)]
