"""A database to test storage on, of either engine, and a second plain connection to it:
what another process sees, to check the rows the storage wrote and to get in its way.

Queries are written with ``?`` parameters; on PostgreSQL they become ``$1, $2, ...``.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

import asyncpg

from bot.stores import Storage
from tests.postgres import fresh_postgres_url

ENGINES = ("sqlite", "postgres")
# Where a feature's store is held to its Protocol: each engine, and its tests' in-memory one.
STORES = (*ENGINES, "memory")


class StoreTarget:
    """What ``BOGGLE_DATABASE`` would say (``target``), and raw access beside the storage."""

    engine: str
    target: str
    engine_error: type[Exception]  # the base of the engine's own errors
    constraint_error: type[Exception]  # what a raw write that breaks a constraint raises
    missing_table_error: type[Exception]  # what a raw read of a table that is not there raises

    async def open(self, **options: Any) -> Storage:
        return await Storage.open(self.target, **options)

    async def rows(self, query: str, *params: object) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def execute(self, query: str, *params: object) -> None:
        raise NotImplementedError

    def blocking_writes(self, table: str) -> AbstractAsyncContextManager[None]:
        """Another session holding a lock that keeps writers of ``table`` waiting."""
        raise NotImplementedError

    async def close(self) -> None:
        """Close the raw connection."""

    async def block_writes_for(self, table: str, seconds: float) -> asyncio.Task[None]:
        """Writers of ``table`` wait from now for ``seconds``; the task ends when they may go."""
        taken = asyncio.Event()

        async def hold() -> None:
            async with self.blocking_writes(table):
                taken.set()
                await asyncio.sleep(seconds)

        task = asyncio.create_task(hold())
        await taken.wait()
        return task

    async def value(self, query: str, *params: object) -> Any:
        [(first, *_)] = await self.rows(query, *params)
        return first


class SQLiteTarget(StoreTarget):
    engine = "sqlite"
    engine_error = sqlite3.Error
    constraint_error = sqlite3.IntegrityError
    missing_table_error = sqlite3.OperationalError

    def __init__(self, path: Path) -> None:
        self.path = path
        self.target = str(path)

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, isolation_level=None)

    async def rows(self, query: str, *params: object) -> list[tuple[Any, ...]]:
        conn = self._connect()
        try:
            return conn.execute(query, params).fetchall()
        finally:
            conn.close()

    async def execute(self, query: str, *params: object) -> None:
        await self.rows(query, *params)

    @asynccontextmanager
    async def blocking_writes(self, table: str) -> AsyncIterator[None]:
        conn = self._connect()
        try:
            conn.execute("BEGIN IMMEDIATE")  # the file's one write lock
            yield
            conn.rollback()
        finally:
            conn.close()


class PostgresTarget(StoreTarget):
    engine = "postgres"
    engine_error = asyncpg.PostgresError
    constraint_error = asyncpg.IntegrityConstraintViolationError
    missing_table_error = asyncpg.UndefinedTableError

    def __init__(self, url: str) -> None:
        self.target = url
        self._conn: asyncpg.Connection[asyncpg.Record] | None = None

    async def _connection(self) -> asyncpg.Connection[asyncpg.Record]:
        if self._conn is None:
            self._conn = await asyncpg.connect(self.target)
        return self._conn

    async def rows(self, query: str, *params: object) -> list[tuple[Any, ...]]:
        conn = await self._connection()
        return [tuple(r) for r in await conn.fetch(_numbered(query), *params)]

    async def execute(self, query: str, *params: object) -> None:
        conn = await self._connection()
        await conn.execute(_numbered(query), *params)

    @asynccontextmanager
    async def blocking_writes(self, table: str) -> AsyncIterator[None]:
        conn = await asyncpg.connect(self.target)
        transaction = conn.transaction()
        try:
            await transaction.start()
            await conn.execute(f"LOCK TABLE {table} IN EXCLUSIVE MODE")
            yield
        finally:
            await transaction.rollback()
            await conn.close()

    async def close(self) -> None:
        if self._conn is not None:
            await self._conn.close()


@asynccontextmanager
async def postgres_target() -> AsyncIterator[PostgresTarget]:
    """A PostgreSQL schema of its own (the test is skipped where no server is set)."""
    async with fresh_postgres_url() as url:
        target = PostgresTarget(url)
        try:
            yield target
        finally:
            await target.close()


@asynccontextmanager
async def engine_storage(engine: str, tmp_path: Path) -> AsyncIterator[Storage]:
    """The storage on an empty database of ``engine`` (PostgreSQL: a schema of its own)."""
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            target: StoreTarget = SQLiteTarget(tmp_path / "boggle.db")
        else:
            target = await stack.enter_async_context(postgres_target())
        storage = await target.open()
        stack.push_async_callback(storage.close)
        yield storage


def _numbered(query: str) -> str:
    counter = iter(range(1, 1000))
    return re.sub(r"\?", lambda _: f"${next(counter)}", query)
