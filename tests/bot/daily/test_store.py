"""``DailyStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL and on
the tests' in-memory store (what the service's unit tests run on)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.daily.store import DailyStore
from bot.storage.errors import StorageError
from core.daily import DAILY_SECONDS, day_number
from core.round import Verdict
from tests.bot.daily.attempts import ACCEPTED, DAY, START, open_attempt, play, start
from tests.bot.daily.memory_store import MemoryDailyStore
from tests.stores import STORES, engine_storage


@pytest.fixture(params=STORES)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[DailyStore]:
    if request.param == "memory":
        yield MemoryDailyStore()
        return
    async with engine_storage(request.param, tmp_path) as storage:
        yield storage


async def test_a_second_start_finds_the_first(store: DailyStore) -> None:
    first = await start(store)
    assert (first.day, first.day_number, first.seconds) == ("2026-03-14", day_number(DAY), 180)
    assert first.deadline == START + DAILY_SECONDS and not first.finished
    again = await open_attempt(store, guild=2, started_at=START + 500)
    assert again.existed and again.attempt == first  # unchanged: the first start's time
    assert await store.get_daily_attempt(first.id) == first
    assert await store.get_daily_attempt(first.id + 100) is None
    # Another language, another day or another player is an attempt of its own.
    others = [
        await start(store, language="fr", started_at=START + 1),
        await start(store, day=DAY + timedelta(days=1), started_at=START + 2),
        await start(store, player=8, guild=None, started_at=START + 3),
    ]
    assert await store.unfinished_daily_attempts() == [first, *others]


async def test_an_attempt_lasts_the_seconds_it_was_started_with(store: DailyStore) -> None:
    opened = await open_attempt(store, seconds=60)
    short = opened.attempt
    assert (short.seconds, short.deadline) == (60, START + 60)
    assert await store.add_daily_guesses(short.id, [("cat", ACCEPTED, 1)], START + 59.5)
    assert not await store.add_daily_guesses(short.id, [("dog", ACCEPTED, 1)], START + 60)
    assert (await store.finish_daily(short.id, START + 999)).finished_at == START + 60


async def test_an_accepted_word_is_kept_once_and_the_deadline_refuses(store: DailyStore) -> None:
    attempt = await start(store)
    guesses = [("cat", ACCEPTED, 1), ("xq", Verdict.NOT_A_WORD, 0)]
    assert await store.add_daily_guesses(attempt.id, guesses, START + 12.5)
    assert await store.add_daily_guesses(attempt.id, [("cat", ACCEPTED, 1)], START + 13)
    late = [("dog", ACCEPTED, 1)]
    assert await store.add_daily_guesses(attempt.id, late, START + DAILY_SECONDS - 0.01)
    assert not await store.add_daily_guesses(attempt.id, late, START + DAILY_SECONDS)
    assert [(g.word, g.verdict, g.elapsed) for g in await store.daily_guesses(attempt.id)] == [
        ("cat", ACCEPTED, 12.5),
        ("xq", Verdict.NOT_A_WORD, 12.5),
        ("dog", ACCEPTED, DAILY_SECONDS - 0.01),
    ]


async def test_an_attempt_that_is_not_there_is_a_storage_error(store: DailyStore) -> None:
    with pytest.raises(StorageError):
        await store.add_daily_guesses(404, [("cat", ACCEPTED, 1)], START)
    with pytest.raises(StorageError):
        await store.finish_daily(404, START)


async def test_a_players_running_attempt_is_their_latest_unfinished(store: DailyStore) -> None:
    """What ``/daily-guess`` plays on: the player's own latest attempt not finished, never
    another player's, and none once theirs are finished."""
    player, other = 7, 2**53 + 11  # Discord ids go beyond 32 bits
    assert await store.running_daily_attempt(player) is None
    first = await start(store, player)
    theirs = await start(store, other, started_at=START + 5)
    assert await store.running_daily_attempt(player) == first
    later = await start(store, player, DAY + timedelta(days=1), "fr", None, START + 86400)
    assert await store.running_daily_attempt(player) == later
    await store.finish_daily(later.id, START + 86400 + 30)
    assert await store.running_daily_attempt(player) == first  # its timer has not ended it
    await store.finish_daily(first.id, START + DAILY_SECONDS)
    assert await store.running_daily_attempt(player) is None
    assert await store.running_daily_attempt(other) == theirs


async def test_a_finish_scores_once_and_stops_the_guesses(store: DailyStore) -> None:
    attempt = await start(store)
    await store.add_daily_guesses(attempt.id, [("cat", ACCEPTED, 1)], START + 20)
    await store.add_daily_guesses(
        attempt.id, [("rental", ACCEPTED, 3), ("ren", Verdict.NOT_A_WORD, 0)], START + 40
    )
    done = await store.finish_daily(attempt.id, START + 90)  # the player ended it early
    assert (done.points, done.words, done.flagged, done.finished_at) == (4, 2, False, START + 90)
    assert done.share == 0.04 and done.time_left(START + 91) == 0
    assert await store.finish_daily(attempt.id, START + 500) == done  # once
    assert await store.get_daily_attempt(attempt.id) == done
    assert not await store.add_daily_guesses(attempt.id, [("net", ACCEPTED, 1)], START + 100)
    assert await store.unfinished_daily_attempts() == []
    # Finished after a restart long past its deadline: it ended at the deadline.
    late = await start(store, player=8)
    assert (await store.finish_daily(late.id, START + 9999)).finished_at == late.deadline


async def test_a_burst_no_person_could_type_is_flagged_and_kept(store: DailyStore) -> None:
    flagged = await play(store, 1, 15, flagged=True)
    assert (flagged.flagged, flagged.points, flagged.words) == (True, 15, 15)
    fair = await play(store, 2, 15)
    assert not fair.flagged


async def test_streak_days_leave_flagged_and_unfinished_attempts_out(store: DailyStore) -> None:
    await play(store, 1, 3)
    await play(store, 1, 4, day=DAY + timedelta(days=1))
    await play(store, 1, 5, day=DAY + timedelta(days=1), language="de")
    await play(store, 1, 20, day=DAY + timedelta(days=2), flagged=True)
    await start(store, player=1, day=DAY + timedelta(days=3))
    await play(store, 2, 9, day=DAY + timedelta(days=5))
    assert await store.daily_days(1) == [DAY, DAY + timedelta(days=1)]
    assert await store.daily_days(2) == [DAY + timedelta(days=5)]
    assert await store.daily_days(3) == []
