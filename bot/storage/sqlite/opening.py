"""A connection made ready: the file identified, the connection configured, the schema migrated.

Migrations are ``migrations/sqlite/NNNN_name.sql``, applied in order at open, each in one
transaction with its row in ``schema_migrations``; a migration file holds no BEGIN/COMMIT.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
import time
from pathlib import Path

import aiosqlite

from bot.storage.errors import StorageError, TransientStorageError
from bot.storage.migrations import MIGRATIONS_ROOT, Migration, pending
from bot.storage.sqlite.errors import translate
from bot.storage.sqlite.files import APPLICATION_ID, exists, identify

log = logging.getLogger(__name__)

MIGRATIONS_DIR = MIGRATIONS_ROOT / "sqlite"
MEMORY = ":memory:"
OPEN_PATIENCE = 30.0  # seconds a busy database is waited for at open, besides the busy timeout


async def connect(
    path: str, migrations: list[Migration], busy_timeout: float
) -> aiosqlite.Connection:
    """An autocommit connection to the checked, configured and migrated database at ``path``
    (rows read by column name); StorageError if it cannot be used or is not ours.

    Another process opening or migrating the same file at the same moment (several bot
    processes started together) holds locks beyond one busy timeout: waited out, up to
    ``OPEN_PATIENCE`` seconds in all."""
    waited, delay = 0.0, 0.1
    while True:
        try:
            return await _connect_once(path, migrations, busy_timeout)
        except TransientStorageError as exc:
            if waited >= OPEN_PATIENCE:
                raise
            log.info("database %s is busy at open (%s); trying again", path, exc)
            await asyncio.sleep(delay)
            waited += delay
            delay = min(delay * 2, 2.0)


async def _connect_once(
    path: str, migrations: list[Migration], busy_timeout: float
) -> aiosqlite.Connection:
    target = path if path == MEMORY else await asyncio.to_thread(_checked_uri, Path(path))
    try:
        db = await aiosqlite.connect(target, uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open database {path}: {exc}") from exc
    try:
        db.row_factory = sqlite3.Row
        await _configure(db, path, busy_timeout)
        await _migrate(db, path, migrations)
    except BaseException as exc:
        await db.close()
        if isinstance(exc, sqlite3.Error):
            raise translate(exc, path) from exc
        raise
    return db


def _checked_uri(path: Path) -> str:
    """The URI that opens ``path``, once an existing file there is known to be ours (file
    system calls: run in a thread)."""
    there = exists(path)
    if there:  # before anything writes to it: someone else's file is left as it was
        identify(path)
    # A file is created only where nothing was; an existing one is never replaced.
    return path.absolute().as_uri() + ("?mode=rw" if there else "?mode=rwc")


async def _configure(db: aiosqlite.Connection, path: str, busy_timeout: float) -> None:
    # The first read of the file: a file that is not a database fails here.
    await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    check = [row["quick_check"] for row in await db.execute_fetchall("PRAGMA quick_check")]
    if check != ["ok"]:
        problems = "; ".join(str(p) for p in check[:5])
        raise StorageError(f"database {path} failed its integrity check: {problems}")
    [row] = await db.execute_fetchall("PRAGMA journal_mode = WAL")
    if row["journal_mode"] != "wal" and path != MEMORY:
        log.warning("database %s: WAL not available, journal mode is %s", path, row["journal_mode"])
    # FULL: a commit the writer reported is on disk even after a power cut, not only after
    # a crash of the process; commits are batched, so the cost is a few fsyncs a second.
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("PRAGMA foreign_keys = ON")


async def _migrate(db: aiosqlite.Connection, path: str, migrations: list[Migration]) -> None:
    rows = await db.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    tables = {row["name"] for row in rows}
    if tables and "schema_migrations" not in tables:
        raise StorageError(
            f"database {path} has tables but no schema_migrations: it is not this bot's database"
        )
    await db.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    [row] = await db.execute_fetchall("PRAGMA application_id")
    if row["application_id"] != APPLICATION_ID:
        await db.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # ours from now on
    applied = {
        r["version"] for r in await db.execute_fetchall("SELECT version FROM schema_migrations")
    }
    for migration in pending(migrations, applied, path):
        await _apply(db, path, migration)


async def _apply(db: aiosqlite.Connection, path: str, migration: Migration) -> None:
    statements = split_statements(migration.sql())
    try:
        await db.execute("BEGIN IMMEDIATE")
        try:
            applied = await _apply_in_transaction(db, migration, statements)
            await db.commit()
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                await db.rollback()
            raise
    except sqlite3.Error as exc:
        error = translate(exc, path)
        if isinstance(error, TransientStorageError):  # another process holds the file: wait
            raise error from exc
        raise StorageError(
            f"database {path}: migration {migration.path.name} failed and was rolled back: {exc}"
        ) from exc
    if applied:
        log.info("database %s: applied migration %04d_%s", path, migration.version, migration.name)


async def _apply_in_transaction(
    db: aiosqlite.Connection, migration: Migration, statements: list[str]
) -> bool:
    """False when another process applied it since we looked."""
    cursor = await db.execute(
        "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
    )
    if await cursor.fetchone() is not None:
        return False
    for statement in statements:
        await db.execute(statement)
    await db.execute(
        "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
        (migration.version, migration.name, time.time()),
    )
    return True


def split_statements(script: str) -> list[str]:
    """Split SQL at the semicolons that end a statement, as SQLite itself judges it."""
    statements: list[str] = []
    pieces = script.split(";")
    buffer = ""
    for piece in pieces[:-1]:
        buffer += piece + ";"
        if sqlite3.complete_statement(buffer):
            if _has_code(buffer):
                statements.append(buffer.strip())
            buffer = ""
    buffer += pieces[-1]
    if _has_code(buffer):
        raise StorageError(f"unterminated SQL statement: {buffer.strip()[:80]!r}")
    return statements


def _has_code(sql: str) -> bool:
    without_comments = re.sub(r"--[^\n]*|/\*.*?\*/", "", sql, flags=re.DOTALL)
    return bool(without_comments.replace(";", "").strip())
