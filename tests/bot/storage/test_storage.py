"""The storage kernel against real databases, SQLite files and PostgreSQL schemas: opening, the
schema and its migrations (each feature's SQL is tested in its folder,
``tests/bot/<feature>/test_sql.py``). Tests taking ``storage`` or ``store_target`` run on both
engines (tests/bot/conftest.py); those about SQLite's files take ``db_path``."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import RejectedWrite, StorageError, load_migrations
from bot.storage.sqlite import MIGRATIONS_DIR, split_statements
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from tests.bot.rounds.stored import accepted, new_round, raw
from tests.stores import StoreTarget

# --- opening and migrations -----------------------------------------------------------------


async def test_migrations_are_applied_and_recorded(
    storage: Storage, store_target: StoreTarget
) -> None:
    recorded = await store_target.rows("SELECT version, name FROM schema_migrations ORDER BY 1")
    assert recorded == [(m.version, m.name) for m in load_migrations(MIGRATIONS_DIR)]
    assert recorded[0] == (1, "initial")
    for table in ("rounds", "guesses", "found_words", "round_results", "players", "standings"):
        assert await store_target.value(f"SELECT COUNT(*) FROM {table}") == 0


async def test_reopening_applies_nothing_again(store_target: StoreTarget) -> None:
    await (await store_target.open()).close()
    before = await store_target.rows("SELECT * FROM schema_migrations ORDER BY 1")
    await (await store_target.open()).close()
    assert await store_target.rows("SELECT * FROM schema_migrations ORDER BY 1") == before


async def test_connection_settings(sqlite_storage: SQLiteStorage, db_path: Path) -> None:
    async def pragma(name: str) -> object:
        [(value,)] = await sqlite_storage._db.execute_fetchall(f"PRAGMA {name}")
        return value

    assert await pragma("journal_mode") == "wal"
    assert await pragma("foreign_keys") == 1
    assert await pragma("busy_timeout") == 5000
    with raw(db_path) as conn:  # WAL is a property of the file, seen by everyone
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with pytest.raises(RejectedWrite):  # foreign keys enforced
        await sqlite_storage.record_guesses([accepted(999, 1, "cat", 1.0)])


async def test_memory_database_works() -> None:
    store = await Storage.open(":memory:")
    stored = await new_round(store)
    assert (await store.running_round(10)) == stored
    await store.close()


async def test_unreachable_path_is_a_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="cannot"):
        await Storage.open(tmp_path / "no" / "such" / "folder" / "boggle.db")


async def test_database_newer_than_code_is_refused(store_target: StoreTarget) -> None:
    await (await store_target.open()).close()
    await store_target.execute("INSERT INTO schema_migrations VALUES (9999, 'from_the_future', 0)")
    with pytest.raises(StorageError, match="newer"):
        await store_target.open()
    assert await store_target.value("SELECT MAX(version) FROM schema_migrations") == 9999


@pytest.mark.parametrize(
    "content",
    [
        b"this is not a database, it is a shopping list\n" * 100,
        b"SQLite format 3\0" + b"\xff" * 4000,
    ],
)
async def test_garbage_file_is_refused(db_path: Path, content: bytes) -> None:
    await asyncio.to_thread(db_path.write_bytes, content)
    with pytest.raises(StorageError, match=r"not a database|damaged"):
        await Storage.open(db_path)


async def test_corrupted_database_is_refused(db_path: Path) -> None:
    store = await Storage.open(db_path)
    stored = await new_round(store)
    await store.record_guesses([accepted(stored.id, p, f"w{p}", p) for p in range(2000)])
    await store.close()
    with raw(db_path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(await asyncio.to_thread(db_path.read_bytes))
    for page in range(3, len(data) // page_size, 2):  # trample on every other b-tree page
        data[page * page_size : page * page_size + 64] = b"\x0d" + b"\xee" * 63
    await asyncio.to_thread(db_path.write_bytes, bytes(data))
    with pytest.raises(StorageError, match=re.escape(str(db_path))):
        await Storage.open(db_path)


async def test_failed_quick_check_is_refused(db_path: Path) -> None:
    await (await Storage.open(db_path)).close()
    with raw(db_path) as conn:  # a NULL where the schema says NOT NULL: only a check sees it
        conn.execute("CREATE TABLE notes (x)")
        conn.execute("INSERT INTO notes VALUES (NULL)")
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = 'CREATE TABLE notes (x NOT NULL)' WHERE name = 'notes'"
        )
    with pytest.raises(StorageError, match=r"integrity check: NULL value in notes\.x"):
        await Storage.open(db_path)


async def test_someone_elses_database_is_refused(store_target: StoreTarget) -> None:
    await store_target.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    with pytest.raises(StorageError, match="not this bot's database"):
        await store_target.open()
    # left as it was: no ledger of ours added
    assert await store_target.rows("SELECT COUNT(*) FROM invoices") == [(0,)]
    with pytest.raises(store_target.missing_table_error):
        await store_target.rows("SELECT * FROM schema_migrations")


async def test_migrations_run_in_order_and_a_failing_one_rolls_back(
    tmp_path: Path, store_target: StoreTarget
) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0001_first.sql").write_text("CREATE TABLE a (x INTEGER);")
    (folder / "0002_second.sql").write_text("INSERT INTO a VALUES (2);")
    (folder / "0003_broken.sql").write_text(
        "CREATE TABLE b (y INTEGER);\nINSERT INTO nowhere VALUES (1);"
    )
    with pytest.raises(StorageError, match=r"0003_broken\.sql failed"):
        await store_target.open(migrations_dir=folder)
    assert await store_target.rows("SELECT version FROM schema_migrations ORDER BY 1") == [
        (1,),
        (2,),
    ]
    assert await store_target.rows("SELECT x FROM a") == [(2,)]
    with pytest.raises(store_target.missing_table_error):
        await store_target.rows("SELECT * FROM b")


@pytest.mark.parametrize("name", ["1_short.sql", "0001-dash.sql", "0001_Upper.sql"])
async def test_badly_named_migration_is_an_error(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("SELECT 1;")
    with pytest.raises(StorageError, match="NNNN_description"):
        load_migrations(tmp_path)


def test_statements_split_where_sqlite_says() -> None:
    script = """
        -- a comment; with a semicolon
        CREATE TABLE t (x TEXT DEFAULT 'a;b');
        CREATE TRIGGER tr AFTER INSERT ON t BEGIN
            UPDATE t SET x = 'c;d'; DELETE FROM t WHERE 0;
        END; /* trailing; comment */
    """
    statements = split_statements(script)
    assert len(statements) == 2
    assert statements[1].startswith("CREATE TRIGGER") and statements[1].endswith("END;")
    with pytest.raises(StorageError, match="unterminated"):
        split_statements("SELECT 1; SELECT 2")


def test_migrations_folder_is_found_from_the_installed_package(tmp_path: Path) -> None:
    code = "from bot.storage.sqlite import MIGRATIONS_DIR as d; print(d); print(sorted(p.name for p in d.glob('*.sql'))[0])"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.split()
    assert Path(out[0]) == MIGRATIONS_DIR.resolve()
    assert out[1] == "0001_initial.sql"
