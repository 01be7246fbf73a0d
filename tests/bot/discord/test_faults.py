"""Discord and the disk misbehaving under the real bot: the round goes on, no guess is lost."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from bot.rounds.discord import channel_view_of
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session

REACTION = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
SEND = "POST /channels/{channel_id}/messages"


@pytest.fixture(autouse=True)
def no_errors_logged(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """A fault may be logged as a warning; an error (an exception in a handler) is a crash."""
    caplog.set_level(logging.WARNING)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [], [r.getMessage() for r in errors]


async def test_rate_limited_reactions_and_edits(game: Harness) -> None:
    live, board = await game.start_round("alice", size=4, time="3m")
    first, second = game.words(live, 2)
    # Reactions: a few 429s, which discord.py waits out. Edits: 429 for the whole round.
    game.standin.faults.rate_limit(REACTION, times=3)
    game.standin.faults.rate_limit(EDIT, times=10_000)

    said = await game.say("alice", first)
    await game.standin.wait_for_transcript(
        "boggle", lambda e: e.kind == "reaction" and e.message_id == said.id
    )
    game.clock.advance(3)  # a status edit is due
    await game.standin.wait_until(lambda: len(game.standin.calls_to(EDIT)) >= 2)
    await game.say("bob", second)
    rows = await game.guesses_stored(2)
    assert [v for _, _, v, _ in rows] == ["accepted", "accepted"]

    results = await game.end_round()
    text = game.text_since(results)
    assert first in text and second in text
    assert game.query("SELECT state FROM rounds") == [("finished",)]
    fired = {(kind, f"{method} {route}") for kind, method, route in game.standin.faults.fired}
    assert fired == {("rate_limit", REACTION), ("rate_limit", EDIT)}
    assert all(c.status == 429 for c in game.standin.calls_to(EDIT))
    assert "Time is up" not in game.standin.world.messages[board.id].content


async def test_no_permission_to_react(game: Harness) -> None:
    live, board = await game.start_round("alice", size=4, time="3m")
    game.standin.world.set_bot_permissions(game.channel_id(), deny=["add_reactions"])
    words = game.words(live, 4)

    await game.say("alice", words[0])
    await game.standin.wait_until(lambda: game.standin.calls_to(REACTION))
    await channel_view_of(game.bot).feedback.drain()  # the bot has had the 403 back
    for player, word in zip(("bob", "carol", "alice"), words[1:], strict=True):
        game.clock.advance(5)  # the reaction budget is full again each time
        await game.say(player, word)
    rows = await game.guesses_stored(4)
    assert [v for _, _, v, _ in rows] == ["accepted"] * 4
    await channel_view_of(game.bot).feedback.drain()
    assert [c.status for c in game.standin.calls_to(REACTION)] == [403]

    # The live status still tells players their words count.
    await game.standin.wait_until(lambda: "Carol" in game.standin.world.messages[board.id].content)
    results = await game.end_round()
    assert all(w in game.text_since(results) for w in words)
    await game.standin.wait_until(
        lambda: "Time is up" in game.standin.world.messages[board.id].content
    )


async def test_no_permission_to_send(game: Harness) -> None:
    game.standin.world.set_bot_permissions(game.channel_id(), deny=["send_messages"])
    handle = await game.standin.slash("boggle", "alice", "boggle start")
    reply = await handle.original_message()
    assert reply.ephemeral and "can't post in this channel" in reply.content
    assert game.query("SELECT COUNT(*) FROM rounds") == [(0,)]
    assert game.services.rounds.live == {}
    assert game.standin.calls_to(SEND) == []


async def test_permission_lost_just_after_start(game: Harness) -> None:
    """The command saw Send Messages; by the time the board is posted it is gone."""
    handle = await game.standin.slash("boggle", "alice", "boggle start")
    game.standin.world.set_bot_permissions(game.channel_id(), deny=["send_messages"])
    reply = await handle.followup()
    assert reply.ephemeral and "could not post the board" in reply.content
    # Refused with its picture, then as text alone (Discord names no permission in its refusal).
    assert [(c.status, bool(c.files)) for c in game.standin.calls_to(SEND)] == [
        (403, True),
        (403, False),
    ]
    assert game.query("SELECT state FROM rounds") == [("finished",)]
    assert game.services.rounds.live == {}

    game.standin.world.set_bot_permissions(game.channel_id())  # fixed by an admin
    await game.start_round("alice")  # the channel is not stuck with a dead round


async def test_channel_deleted_mid_round(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4, time="3m")
    channel_id = game.channel_id()
    first, second = game.words(live, 2)
    await game.say("alice", first)
    await game.say("bob", second)
    await game.guesses_stored(2)

    await game.standin.delete_channel(channel_id)
    # The round ends at once, long before its deadline: nobody is left to play it.
    await game.standin.wait_until(lambda: channel_id not in game.services.rounds.live)
    assert game.clock() < live.stored.deadline

    assert game.query("SELECT state FROM rounds") == [("finished",)]
    standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
    assert standings == {
        game.user_id("alice"): live.game.points_of(first),
        game.user_id("bob"): live.game.points_of(second),
    }
    assert game.query("SELECT COUNT(*) FROM round_results") == [(2,)]


async def test_guesses_judged_across_a_gateway_drop(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4, time="3m")
    before, during, after, last = game.words(live, 4)
    await game.say("alice", before)
    await game.guesses_stored(1)

    assert await game.standin.drop_gateway() >= 1
    await game.say("bob", during)  # sent while the bot is away: delivered on RESUME
    await game.standin.wait_for_connection()
    await game.say("carol", after)
    assert await game.standin.request_reconnect() >= 1
    await game.say("alice", last)

    rows = await game.guesses_stored(4)
    assert sorted(w for _, w, v, _ in rows if v == "accepted") == sorted(
        [before, during, after, last]
    )
    assert game.standin.gateway.resumes, "the bot resumed its session"
    results = await game.end_round()
    assert all(w in game.text_since(results) for w in (before, during, after, last))


async def test_database_locked_for_a_moment(game: Harness) -> None:
    live, _ = await game.start_round("alice", size=4, time="3m")
    words = game.words(live, 3)
    async with _locked(game.database, seconds=0.3) as still_locked:
        for player, word in zip(("alice", "bob", "carol"), words, strict=True):
            await game.say(player, word)
        await game.say("alice", words[0])
        await game.standin.wait_until(lambda: game.services.writer.pending == 4)  # judged, waiting
        nothing_yet = game.query("SELECT COUNT(*) FROM guesses")
        assert still_locked(), "the lock was let go before the guesses were judged"
        assert nothing_yet == [(0,)]
        # The deadline passes while the database is still locked.
        results = await game.end_round()

    rows = game.query("SELECT word, verdict FROM guesses ORDER BY id")
    assert rows == [(w, "accepted") for w in words] + [(words[0], "already_found")]
    text = game.text_since(results)
    assert all(w in text for w in words)
    standings: dict[int, int] = dict(game.query("SELECT user_id, points FROM standings"))
    assert standings == {
        game.user_id(p): live.game.points_of(w)
        for p, w in zip(("alice", "bob", "carol"), words, strict=True)
    }


@contextlib.asynccontextmanager
async def _locked(database: Path | str, seconds: float) -> AsyncIterator[Callable[[], bool]]:
    """Another process's write transaction on ``database`` for ``seconds``; yields is-it-held."""
    taken = threading.Event()
    held = True

    def hold() -> None:
        nonlocal held
        db = sqlite3.connect(database, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            taken.set()
            time.sleep(seconds)  # the fault itself, in its own thread
            held = False
            db.execute("COMMIT")
        finally:
            db.close()

    holder = asyncio.create_task(asyncio.to_thread(hold))
    await asyncio.to_thread(taken.wait, 5)
    try:
        yield lambda: held
    finally:
        await holder


async def test_burst_of_guesses(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """200 guesses as fast as the stand-in delivers them, over 10 s of game time.

    The per-player spam limit (4 guesses a second, bursts of 10) is lifted: it would rightly
    drop most of a 40-message burst, and this test is about what comes after it: every judged
    guess committed, and the bot's own Discord calls coalesced (reactions budgeted, status
    edited every 2 s), both of which stay as they are.
    """

    for name in ("dave", "erin"):
        await standin.add_member(name, name.title())
    players = ("alice", "bob", "carol", "dave", "erin")
    async with bot_session(
        standin, database, clock, lexicon, tuning={"guess_rate": (1000, 1000)}
    ) as game:
        await _burst(game, players)


async def _burst(game: Harness, players: tuple[str, ...]) -> None:
    live, _ = await game.start_round("alice", size=4, time="3m")
    words = sorted(live.game.solution)
    assert len(words) >= 40
    await channel_view_of(game.bot).feedback.drain()
    calls_before = game.standin.api_call_count

    for k in range(40):
        for i, player in enumerate(players):
            game.clock.advance(0.05)
            await game.say(player, words[(7 * i + k) % len(words)])
    rows = await game.guesses_stored(200)
    await channel_view_of(game.bot).feedback.drain()
    calls = game.standin.api_call_count - calls_before

    assert all(v == "accepted" for _, _, v, _ in rows)
    assert game.query("SELECT COUNT(*) FROM found_words") == [(200,)]
    assert calls / 200 < 0.5, f"{calls} Discord calls for 200 guesses"

    started = time.monotonic()
    results = await game.end_round(timeout=10.0)
    assert time.monotonic() - started < 10.0  # "within a few seconds", with room for a busy CI
    text = game.text_since(results)
    assert all(name.title() in text for name in players)
