"""The SQLite engine: one file, nothing to install.

Everything goes through one aiosqlite connection in autocommit mode; each write is an explicit
``BEGIN IMMEDIATE … COMMIT`` taken under an asyncio lock, so the statements of two coroutines
never land in each other's transaction, and reads take the same lock so they never see another
coroutine's half-done transaction. The SQL itself is the features' (``bot/stores`` adds it);
SQLite's errors leave as the project's own (``translate``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from pathlib import Path
from typing import Any, Self, Unpack

import aiosqlite

from bot.storage.database import Row
from bot.storage.errors import StorageError
from bot.storage.sql_engine import Engine, Opening, opening
from bot.storage.sqlite.claims import ShardLocks
from bot.storage.sqlite.errors import translate
from bot.storage.sqlite.opening import MIGRATIONS_DIR, connect
from bot.storage.tables import Table

log = logging.getLogger(__name__)


class SQLiteEngine(Engine):
    """A SQLite database; ``await SQLiteEngine.open(path)``, or (with every feature's SQL)
    ``bot.stores.sqlite.SQLiteStorage.open`` and ``Storage.open``."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._lock = asyncio.Lock()
        self._shards = ShardLocks(path)
        self._file = _identity(path)  # the file opened: a ping checks it is still the one there

    @classmethod
    async def open(cls, target: str | Path, **options: Unpack[Opening]) -> Self:
        """Open (creating only where no file is), check and migrate; StorageError if unusable."""
        migrations, busy_timeout = opening(options, MIGRATIONS_DIR)
        path = str(target)
        return cls(await connect(path, migrations, busy_timeout), path)

    async def close(self) -> None:
        """Close the connection (after ``PRAGMA optimize``, which keeps query plans good)."""
        async with self._lock:
            try:
                await self._db.execute("PRAGMA optimize")
            except sqlite3.Error as exc:  # never block a shutdown on statistics
                log.warning("PRAGMA optimize failed: %s", exc)
            await self._db.close()
            self._shards.release()

    # --- who runs which shards ------------------------------------------------------------------

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]:
        """Lock files beside the database (``claims.py``); the count is the caller's to keep the
        same in every process."""
        return await asyncio.to_thread(self._shards.claim, shard_ids)

    async def claims_intact(self) -> bool:
        return True  # a lock file stays locked while the process lives

    async def ping(self) -> None:
        """A query on the connection, and the file at ``path`` still the one the connection has
        open: a file deleted or replaced under a running bot (a volume unmounted, a restore
        gone wrong) would take every write to a file nobody reads again."""
        await self._fetch("SELECT 1 FROM sqlite_master LIMIT 1")
        if self._file is not None and _identity(self.path) != self._file:
            raise StorageError(f"{self.path} is no longer the database file this bot opened")

    # --- plumbing ------------------------------------------------------------------------------

    def _write(self) -> AbstractAsyncContextManager[_Session]:
        """One write transaction, alone on the connection; rolled back on any error."""
        return _transaction(self, "BEGIN IMMEDIATE", commit=True)

    def _snapshot(self) -> AbstractAsyncContextManager[_Session]:
        """A read transaction: one snapshot of the file (WAL) for as long as it lasts."""
        return _transaction(self, "BEGIN", commit=False)

    async def _fetch(self, query: str, *params: object) -> list[Row]:
        async with self._lock:
            try:
                return [dict(r) for r in await self._db.execute_fetchall(query, params)]
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from exc


@asynccontextmanager
async def _transaction(
    engine: SQLiteEngine, begin: str, *, commit: bool
) -> AsyncIterator[_Session]:
    """``begin`` on ``engine``'s connection, alone on it; committed at the end with ``commit``,
    else (and on any error) rolled back."""
    async with engine._lock:
        try:
            # Inside the try: a BEGIN cancelled after it was queued still runs, and the
            # rollback queued behind it must undo it before the lock is let go.
            await engine._db.execute(begin)
            yield _Session(engine._db)
            if commit:
                await engine._db.commit()
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error):
                await engine._db.rollback()  # a no-op when BEGIN itself failed
            if isinstance(exc, sqlite3.Error):
                raise translate(exc, engine.path) from exc
            raise
        if not commit:
            with contextlib.suppress(sqlite3.Error):
                await engine._db.rollback()


def _identity(path: str) -> tuple[int, int] | None:
    """(device, inode) of the database file; None for ``:memory:`` or a file gone."""
    if path == ":memory:":
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class _Session:
    """The shared SQL on the connection (its parameters are SQLite's own ``?``)."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self._db = db

    async def execute(self, query: str, *params: object) -> int:
        cursor = await self._db.execute(query, params)
        return cursor.rowcount

    async def executemany(self, query: str, rows: Sequence[Sequence[object]]) -> None:
        await self._db.executemany(query, rows)

    async def fetch(self, query: str, *params: object) -> list[Row]:
        return [dict(r) for r in await self._db.execute_fetchall(query, params)]

    async def batches(self, query: str, size: int) -> AsyncIterator[list[tuple[Any, ...]]]:
        async with self._db.execute(query) as cursor:
            while rows := await cursor.fetchmany(size):
                yield [tuple(r) for r in rows]

    async def copy_in(self, table: Table, rows: Sequence[tuple[object, ...]]) -> None:
        await self._db.executemany(table.insert_sql(["?"] * len(table.columns)), rows)

    async def renumber(self, table: Table) -> None:
        """Nothing to do: a new rowid is one past the highest."""
