"""Storage behind its interface: the project's types and errors, the round's full options (on
both engines where ``store_target`` or ``storage`` is taken)."""

from __future__ import annotations

import ast
from pathlib import Path
from types import FunctionType

import pytest

from bot.rounds.model import RoundState
from bot.storage import RejectedWrite, StorageError, TransientStorageError
from bot.stores import Storage
from bot.stores.postgres import PostgresStorage
from bot.stores.sqlite import SQLiteStorage
from core.round import Mode
from tests.bot.old_database import add_round, database_at
from tests.bot.rounds.stored import accepted, new_round, raw, results_for
from tests.stores import StoreTarget

BOT = Path(__file__).resolve().parents[3] / "bot"


# --- the project's errors, never the engine's ---------------------------------------------------


async def test_a_locked_database_is_a_transient_error(store_target: StoreTarget) -> None:
    store = await store_target.open(busy_timeout=0.05)
    try:
        stored = await new_round(store)
        async with store_target.blocking_writes("guesses"):  # another process holds a lock
            with pytest.raises(TransientStorageError, match="lock") as caught:
                await store.record_guesses([accepted(stored.id, 1, "cat", 1.0)])
        assert isinstance(caught.value.__cause__, store_target.engine_error)
        await store.record_guesses([accepted(stored.id, 1, "cat", 1.0)])  # and later it works
        assert await store.accepted_words(stored.id) == [(1, "cat", 1.0)]
    finally:
        await store.close()


async def test_a_constraint_is_a_rejected_write(
    storage: Storage, store_target: StoreTarget
) -> None:
    with pytest.raises(RejectedWrite) as caught:
        await storage.record_guesses([accepted(424242, 1, "cat", 1.0)])  # no such round
    assert isinstance(caught.value, StorageError)
    assert isinstance(caught.value.__cause__, store_target.constraint_error)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


ENGINE_MODULES = {"sqlite": {"sqlite3", "aiosqlite"}, "postgres": {"asyncpg"}}


def test_nothing_above_storage_knows_the_engine() -> None:
    above = [p for p in BOT.rglob("*.py") if BOT / "storage" not in p.parents]
    assert above
    known = set().union(*ENGINE_MODULES.values())
    offenders = {str(p.relative_to(BOT)): sorted(_imports(p) & known) for p in above}
    assert {k: v for k, v in offenders.items() if v} == {}


@pytest.mark.parametrize("engine", sorted(ENGINE_MODULES))
def test_only_the_engine_package_knows_the_engine(engine: str) -> None:
    package = BOT / "storage" / engine
    outside = [p for p in (BOT / "storage").rglob("*.py") if package not in p.parents]
    assert {p.name for p in outside} >= {"copying.py", "database.py", "sql_engine.py"}
    assert [p.name for p in outside if _imports(p) & ENGINE_MODULES[engine]] == []
    assert any(_imports(p) & ENGINE_MODULES[engine] for p in package.rglob("*.py"))


def _own_methods(cls: type) -> set[str]:
    """The methods the class's own body writes (not the dunders ``Protocol`` adds)."""
    return {
        name
        for name, value in vars(cls).items()
        if isinstance(value, FunctionType | classmethod) and not name.startswith("__")
    }


@pytest.mark.parametrize("storage_class", [SQLiteStorage, PostgresStorage])
def test_each_method_of_the_interface_is_written_once(storage_class: type) -> None:
    """The features' SQL classes are the SQL itself: no method is declared in one of the classes
    ``Storage`` is made of and written again in another, or in an engine, which adds only what is
    its own (``open``, the ``Lifecycle`` and its ways into its database); the composition adds
    nothing but the engine under the features."""
    parts = [c for c in Storage.__mro__[1:] if c.__module__.startswith("bot.")]
    assert {c.__name__ for c in parts} >= {
        "RoundSQL",
        "StandingsSQL",
        "ServerSettingsSQL",
        "DailySQL",
        "CopyStorage",
        "Lifecycle",
        "Database",
    }
    written: dict[str, list[str]] = {}
    for part in parts:
        for name in _own_methods(part):
            written.setdefault(name, []).append(part.__name__)
    assert {name: places for name, places in written.items() if len(places) > 1} == {}
    assert _own_methods(storage_class) == set()
    engines = ("bot.storage.sqlite.", "bot.storage.postgres.")
    [engine] = [c for c in storage_class.__mro__ if c.__module__.startswith(engines)]
    engines_own = {"open", "close", "claim_shards", "claims_intact", "ping"}
    assert _own_methods(engine) <= engines_own | {"_write", "_fetch", "_snapshot"}


# --- rounds in the project's types ----------------------------------------------------------------


async def test_rounds_come_back_typed(storage: Storage) -> None:
    stored = await new_round(storage, mode=Mode.RACE, started_at=1000.0, deadline=1150.0)
    assert stored.state is RoundState.RUNNING and stored.mode is Mode.RACE
    assert stored.seconds == 150
    assert await storage.get_round(stored.id) == stored
    await storage.record_guesses([accepted(stored.id, 1, "cat", 1001.5)])
    [found] = await storage.accepted_words(stored.id)
    assert (found.player_id, found.word, found.at) == (1, "cat", 1001.5)
    await storage.finish_round(stored.id, results_for({1: ["cat"]}), 1160.0, {})
    done = await storage.get_round(stored.id)
    assert done is not None and done.state is RoundState.FINISHED and not done.running
    assert isinstance(done.ended_at, float) and done.ended_at == 1160.0


# --- migration 0003: the round's length and the results' end time -------------------------------


async def test_a_stop_moves_the_deadline_but_keeps_the_length(storage: Storage) -> None:
    stored = await new_round(storage, started_at=1000.0, deadline=1180.0)
    await storage.set_deadline(stored.id, 1042.0)  # /boggle stop
    again = await storage.get_round(stored.id)
    assert again is not None and (again.deadline, again.seconds) == (1042.0, 180)
    assert await storage.unfinished_rounds() == [again]


async def test_results_carry_their_end_time_for_period_queries(tmp_path: Path) -> None:
    path = tmp_path / "boggle.db"
    store = await SQLiteStorage.open(path)
    try:
        stored = await new_round(store)
        await store.finish_round(stored.id, results_for({1: ["cat"], 2: ["dogs"]}), 1234.5, {})
        period = (
            "SELECT player_id, points FROM round_results"
            " WHERE guild_id = ? AND ended_at >= ? AND ended_at < ?"
        )
        plan = await store._db.execute_fetchall("EXPLAIN QUERY PLAN " + period, (1, 0.0, 1.0))
    finally:
        await store.close()
    with raw(path) as conn:
        assert conn.execute("SELECT DISTINCT ended_at FROM round_results").fetchall() == [(1234.5,)]
        assert conn.execute(period, (1, 1200.0, 1300.0)).fetchall() == [(1, 1), (2, 1)]
        assert conn.execute(period, (1, 1300.0, 1400.0)).fetchall() == []
    assert ["USING COVERING INDEX round_results_by_period" in r[3] for r in plan] == [True]


async def test_an_upgrade_fills_the_length_and_the_end_times(tmp_path: Path) -> None:
    path = tmp_path / "boggle.db"
    database_at(path, 2)
    done = add_round(path, 1, started_at=1000.0, deadline=1090.0, ended_at=1090.5, points={5: 3})
    running = add_round(path, 2, started_at=2000.0, deadline=2180.0)

    store = await Storage.open(path)
    try:
        finished = await store.get_round(done)
        assert finished is not None and finished.seconds == 90
        resumed = await store.get_round(running)
        assert resumed is not None and resumed.seconds == 180
    finally:
        await store.close()
    with raw(path) as conn:
        rows = conn.execute("SELECT round_id, player_id, ended_at FROM round_results").fetchall()
    assert rows == [(done, 5, 1090.5)]
