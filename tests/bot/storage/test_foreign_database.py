"""A file that is not the bot's database is refused before anything is written to it."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.storage import StorageError
from bot.storage.sqlite import APPLICATION_ID
from bot.stores import Storage
from standin import StandIn
from tests.bot.harness import spawn_bot
from tests.bot.old_database import add_round, database_at
from tests.bot.processes.test_process import _env, assert_one_error_line, stopped_by_itself

SIDE_FILES = ("-wal", "-shm", "-journal")


def make_foreign(path: Path, journal_mode: str = "delete", application_id: int = 0) -> None:
    """Another application's database, closed cleanly (no side files left)."""
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA journal_mode = {journal_mode}")
        conn.execute(f"PRAGMA application_id = {application_id}")
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        conn.executemany("INSERT INTO invoices (total) VALUES (?)", [(i * 1.5,) for i in range(50)])
        conn.commit()
    assert side_files(path) == []


def side_files(path: Path) -> list[str]:
    return [s for s in SIDE_FILES if Path(f"{path}{s}").exists()]


def snapshot(path: Path) -> dict[str, bytes]:
    """The file and every side file beside it, byte for byte."""
    folder = path.parent
    return {
        p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.name.startswith(path.name)
    }


def application_id(path: Path) -> int:
    with contextlib.closing(sqlite3.connect(path)) as conn:
        [(number,)] = conn.execute("PRAGMA application_id")
    assert isinstance(number, int)
    return number


# --- at the Storage level --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("journal_mode", "app_id", "message"),
    [
        ("delete", 0, "not this bot's database"),
        ("wal", 0, "not this bot's database"),
        ("delete", 0x12345678, "another application"),
        ("wal", 0x12345678, "another application"),
    ],
)
async def test_someone_elses_file_is_left_byte_for_byte(
    tmp_path: Path, journal_mode: str, app_id: int, message: str
) -> None:
    path = tmp_path / "other.sqlite3"
    make_foreign(path, journal_mode, app_id)
    before = snapshot(path)
    with pytest.raises(StorageError, match=message):
        await Storage.open(path)
    assert snapshot(path) == before
    assert side_files(path) == []


async def test_a_file_with_someone_elses_schema_migrations_is_refused(tmp_path: Path) -> None:
    """Rails and golang-migrate name their ledger schema_migrations too."""
    path = tmp_path / "rails.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as conn:
        conn.execute("CREATE TABLE schema_migrations (version TEXT PRIMARY KEY)")
        conn.execute("INSERT INTO schema_migrations VALUES ('20240101120000')")
        conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
        conn.commit()
    before = snapshot(path)
    with pytest.raises(StorageError, match="not this bot's database"):
        await Storage.open(path)
    assert snapshot(path) == before


async def test_a_file_in_use_by_its_application_is_left_alone(tmp_path: Path) -> None:
    """The other application has it open in WAL mode: its -wal and -shm are read, not changed."""
    path = tmp_path / "busy.sqlite3"
    make_foreign(path, "wal")
    with contextlib.closing(sqlite3.connect(path)) as owner:
        owner.execute("INSERT INTO customers (name) VALUES ('in the wal')")
        owner.commit()
        before = snapshot(path)
        assert f"{path.name}-wal" in before
        with pytest.raises(StorageError, match="not this bot's database"):
            await Storage.open(path)
        after = snapshot(path)
    assert after.keys() == before.keys()
    # -shm is the readers' shared index (its lock bytes move); the data files must not.
    assert {k: v for k, v in after.items() if not k.endswith("-shm")} == {
        k: v for k, v in before.items() if not k.endswith("-shm")
    }


async def test_a_crashed_writers_journal_is_not_rolled_back(tmp_path: Path) -> None:
    path = tmp_path / "crashed.sqlite3"
    make_foreign(path)
    crash = (
        "import os, sqlite3, sys\n"
        "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA cache_size = 1'); c.execute('BEGIN')\n"
        "for _ in range(200): c.execute('INSERT INTO customers (name) VALUES (randomblob(3000))')\n"
        "os._exit(0)\n"
    )
    crashed = await asyncio.create_subprocess_exec(sys.executable, "-c", crash, str(path))
    assert await crashed.wait() == 0
    assert side_files(path) == ["-journal"]
    before = snapshot(path)
    with pytest.raises(StorageError, match="interrupted transaction"):
        await Storage.open(path)
    assert snapshot(path) == before


async def test_our_database_is_marked_and_reopened(tmp_path: Path) -> None:
    path = tmp_path / "boggle.sqlite3"
    await (await Storage.open(path)).close()
    assert application_id(path) == APPLICATION_ID
    await (await Storage.open(path)).close()


async def test_a_database_from_before_the_mark_is_recognised_and_marked(tmp_path: Path) -> None:
    path = tmp_path / "boggle.sqlite3"
    database_at(path, 1)
    add_round(path, 2, started_at=0.0, deadline=1.0)
    assert application_id(path) == 0
    store = await Storage.open(path)
    try:
        [kept] = await store.unfinished_rounds()
        assert kept.channel_id == 2
    finally:
        await store.close()
    assert application_id(path) == APPLICATION_ID


async def test_an_empty_file_becomes_our_database(tmp_path: Path) -> None:
    path = tmp_path / "boggle.sqlite3"
    path.touch()  # as a Docker volume or a deployment script may leave it
    await (await Storage.open(path)).close()
    assert application_id(path) == APPLICATION_ID


# --- through the real process ------------------------------------------------------------------


async def test_the_process_leaves_a_foreign_file_unchanged(
    tmp_path: Path, standin: StandIn
) -> None:
    path = tmp_path / "accounts.sqlite3"
    make_foreign(path)
    before = snapshot(path)
    process = await spawn_bot(_env(tmp_path, standin, BOGGLE_DATABASE=str(path)), tmp_path)
    err = await stopped_by_itself(process)
    assert_one_error_line(err, process.returncode, path)
    assert "not this bot's database" in err
    assert snapshot(path) == before
    assert side_files(path) == []
