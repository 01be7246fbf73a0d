"""The guess log's retention: only guesses of rounds finished long ago go, in small batches (on
both engines where ``store_target`` is taken)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.config.settings import Settings, SettingsError
from bot.rounds.model import GuessRow
from bot.rounds.pruning import DAY
from bot.rounds.statements import PRUNE_STEP_SQL
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.lexicon import Lexicon
from core.round import Verdict
from standin import StandIn
from tests.bot.harness import Clock, bot_session, query
from tests.bot.rounds.stored import WORDS, accepted, new_round, raw, results_for
from tests.stores import StoreTarget

KEPT_TABLES = ("rounds", "found_words", "round_results", "standings", "players")


async def dump(target: StoreTarget, table: str) -> list[tuple[Any, ...]]:
    return await target.rows(f"SELECT * FROM {table} ORDER BY 1, 2")


async def guesses_of(target: StoreTarget, round_id: int) -> int:
    count: int = await target.value("SELECT COUNT(*) FROM guesses WHERE round_id = ?", round_id)
    return count


def sqlite_guesses_of(path: Path, round_id: int) -> int:
    with raw(path) as conn:
        [(count,)] = conn.execute("SELECT COUNT(*) FROM guesses WHERE round_id = ?", (round_id,))
    assert isinstance(count, int)
    return count


async def played(store: Storage, channel_id: int, guesses: int, ended_at: float | None) -> int:
    """A round with ``guesses`` logged guesses (half accepted); finished at ``ended_at``."""
    stored = await new_round(store, channel_id=channel_id, started_at=0.0, deadline=10.0)
    rows = [
        accepted(stored.id, i % 3, WORDS[i % len(WORDS)], float(i))
        if i % 2 == 0
        else GuessRow(stored.id, i % 3, f"x{i}", Verdict.NOT_A_WORD, 0, float(i))
        for i in range(guesses)
    ]
    await store.record_guesses(rows)
    if ended_at is not None:
        found = {p: [r.word for r in rows if r.player_id == p and r.points] for p in range(3)}
        assert await store.finish_round(stored.id, results_for(found), ended_at, {0: "Ann"})
    return stored.id


async def test_prune_deletes_only_guesses_of_rounds_finished_before_the_cutoff(
    storage: Storage, store_target: StoreTarget
) -> None:
    old = [await played(storage, 10 + i, 40 + i, ended_at=100.0 + i) for i in range(3)]
    recent = await played(storage, 20, 30, ended_at=5000.0)
    running = await played(storage, 30, 25, ended_at=None)  # deadline long past, not finished
    kept = {table: await dump(store_target, table) for table in KEPT_TABLES}
    assert kept["found_words"] and kept["round_results"] and kept["standings"]

    deleted = await storage.prune_guesses(1000.0, batch_size=7, rounds_per_step=2)

    assert deleted == 40 + 41 + 42
    assert [await guesses_of(store_target, r) for r in old] == [0, 0, 0]
    assert await guesses_of(store_target, recent) == 30
    assert await guesses_of(store_target, running) == 25
    assert {table: await dump(store_target, table) for table in KEPT_TABLES} == kept
    assert await storage.prune_guesses(1000.0) == 0  # nothing left to do


async def test_prune_lets_writes_in_between_its_batches(
    storage: Storage, store_target: StoreTarget
) -> None:
    # 200 batches: on PostgreSQL the prune runs beside the write, not after it, so it must take
    # far longer than one write (with 20 batches a loaded machine finished it first).
    logged = 2000
    old = await played(storage, 10, logged, ended_at=100.0)
    live = await new_round(storage, channel_id=11)
    prune = asyncio.create_task(storage.prune_guesses(1000.0, batch_size=10))
    # Until its first transaction commits, seen in the database as any other reader sees it.
    while await guesses_of(store_target, old) == logged:  # noqa: ASYNC110
        await asyncio.sleep(0.001)
    await storage.record_guesses([accepted(live.id, 1, "cat", 1.0)])
    assert 0 < await guesses_of(store_target, old) < logged  # written between two of its batches
    assert await prune == logged
    assert await storage.accepted_words(live.id) == [(1, "cat", 1.0)]


async def test_a_prune_step_searches_and_never_scans(tmp_path: Path) -> None:
    """Each step reads a range of rounds and their guesses through indexes, however big the log."""
    store = await SQLiteStorage.open(tmp_path / "boggle.db")
    try:
        rows = await store._db.execute_fetchall(
            "EXPLAIN QUERY PLAN " + PRUNE_STEP_SQL, (1, 9, 5.0, 10)
        )
        details = [r[3] for r in rows]
        assert any("guesses_by_round" in d for d in details), details
        assert any("r USING INTEGER PRIMARY KEY" in d for d in details), details
        assert not any(d.startswith("SCAN") for d in details), details
    finally:
        await store.close()


# --- the setting ----------------------------------------------------------------------------------


def test_retention_is_off_unless_set() -> None:
    assert Settings.from_env({}, env_file=None).guess_retention_days is None
    assert (
        Settings.from_env({"BOGGLE_GUESS_RETENTION_DAYS": ""}, env_file=None).guess_retention_days
        is None
    )
    chosen = Settings.from_env({"BOGGLE_GUESS_RETENTION_DAYS": " 30 "}, env_file=None)
    assert chosen.guess_retention_days == 30


@pytest.mark.parametrize("value", ["0", "-5", "1.5", "a week", "²", "30d"])
def test_a_bad_retention_is_named(value: str) -> None:
    with pytest.raises(SettingsError, match=r"^BOGGLE_GUESS_RETENTION_DAYS must be a whole number"):
        Settings.from_env({"BOGGLE_GUESS_RETENTION_DAYS": value}, env_file=None)


# --- in the running bot ------------------------------------------------------------------------------


async def test_the_bot_prunes_at_start(
    tmp_path: Path, standin: StandIn, clock: Clock, lexicon: Lexicon
) -> None:
    path = tmp_path / "boggle.sqlite3"
    store = await Storage.open(path)
    now = clock()
    try:
        old = await played(store, 10, 12, ended_at=now - 3 * DAY)
        recent = await played(store, 11, 9, ended_at=now - 1 * DAY)
        for round_id in (old, recent):
            await store.mark_results_posted([round_id], now)
    finally:
        await store.close()
    async with bot_session(standin, path, clock, lexicon, guess_retention_days=2) as game:
        async with asyncio.timeout(5):
            await game.services.scheduler.caught_up()  # the pruning's job, due at start
        assert sqlite_guesses_of(path, old) == 0
        assert sqlite_guesses_of(path, recent) == 9
        assert query(path, "SELECT COUNT(*) FROM found_words WHERE round_id = ?", (old,)) == [(6,)]
