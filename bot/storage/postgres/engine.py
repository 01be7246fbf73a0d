"""The PostgreSQL engine: one database shared by every process of a big bot.

Statements go through an asyncpg pool; each write is one transaction on one pooled connection,
committed before the call returns. What SQLite gets from its single writer, PostgreSQL gets from
its constraints and row locks: the partial unique index decides which of two processes starts a
round in a channel, and ``SELECT … FOR UPDATE`` makes a round's finish happen once. The SQL is
the features' (``bot/stores`` adds it), its ``?`` parameters numbered; errors leave as the
project's own (``errors.translate``).
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self, Unpack

from bot.storage.database import Row
from bot.storage.postgres.claims import ShardLocks
from bot.storage.postgres.errors import EngineError, translate
from bot.storage.postgres.opening import (
    MIGRATIONS_DIR,
    Connection,
    Pool,
    create_pool,
    current_schema,
    lock_key,
    prepare,
    session_settings,
)
from bot.storage.sql_engine import Engine, Opening, opening
from bot.storage.tables import Table

CLOSE_TIMEOUT = 5.0  # seconds calls in flight get to finish when the storage closes
PING_TIMEOUT = 2.0  # seconds the health check's query gets
# Moves a table's id numbering past the highest id, after rows were copied in with their ids.
_RENUMBER_SQL = (
    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false)"
    " FROM {table}"
)


class PostgresEngine(Engine):
    """A PostgreSQL database; ``await PostgresEngine.open(url)``, or (with every feature's SQL)
    ``bot.stores.postgres.PostgresStorage.open`` and ``Storage.open``."""

    # Not FOR UPDATE: that would also block the guess writer's foreign-key checks (FOR KEY
    # SHARE) on the round while it finishes; finishing changes no key.
    lock_rows = " FOR NO KEY UPDATE"
    share_rows = " FOR SHARE"

    def __init__(self, pool: Pool, shards: ShardLocks) -> None:
        self._pool = pool
        self._shards = shards

    @classmethod
    async def open(cls, target: str | Path, **options: Unpack[Opening]) -> Self:
        """Connect, identify and migrate; StorageError if unusable (never naming the password)."""
        migrations, busy_timeout = opening(options, MIGRATIONS_DIR)
        dsn = str(target)
        settings = session_settings(busy_timeout)
        pool = await create_pool(dsn, settings)
        try:
            async with pool.acquire() as conn:
                schema = await current_schema(conn)
                await prepare(conn, schema, migrations)
        except BaseException as exc:
            await pool.close()
            if isinstance(exc, EngineError):
                raise translate(exc) from exc
            raise
        return cls(pool, ShardLocks(dsn, settings, lock_key("shards", schema)))

    async def close(self) -> None:
        """Close the session holding the shards, then the pool: calls in flight get
        ``CLOSE_TIMEOUT`` to finish (a server that stopped answering cannot hold up a shutdown)."""
        await self._shards.release()
        try:
            await asyncio.wait_for(self._pool.close(), CLOSE_TIMEOUT)
        except TimeoutError:
            self._pool.terminate()

    # --- who runs which shards ------------------------------------------------------------------

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]:
        """Advisory locks on a session of their own (``claims.py``)."""
        return await self._shards.claim(shard_ids)

    async def claims_intact(self) -> bool:
        return await self._shards.intact()

    async def ping(self) -> None:
        """``SELECT 1`` on a pooled connection (a new one if the pool's were cut): the server
        answers this process, within ``PING_TIMEOUT``."""
        try:
            await self._pool.fetchval("SELECT 1", timeout=PING_TIMEOUT)
        except EngineError as exc:
            raise translate(exc) from exc

    # --- plumbing ------------------------------------------------------------------------------

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[_Session]:
        try:
            async with self._pool.acquire() as conn, conn.transaction():
                yield _Session(conn)
        except EngineError as exc:
            raise translate(exc) from exc

    async def _fetch(self, query: str, *params: object) -> list[Row]:
        try:
            return [dict(r.items()) for r in await self._pool.fetch(numbered(query), *params)]
        except EngineError as exc:
            raise translate(exc) from exc

    @asynccontextmanager
    async def _snapshot(self) -> AsyncIterator[_Session]:
        try:
            async with (
                self._pool.acquire() as conn,
                conn.transaction(isolation="repeatable_read", readonly=True),
            ):
                yield _Session(conn)
        except EngineError as exc:
            raise translate(exc) from exc


class _Session:
    """The shared SQL on one connection, in PostgreSQL's words."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn

    async def execute(self, query: str, *params: object) -> int:
        status = await self._conn.execute(numbered(query), *params)
        return int(status.split()[-1])  # "UPDATE n", "DELETE n", "INSERT 0 n"

    async def executemany(self, query: str, rows: Sequence[Sequence[object]]) -> None:
        await self._conn.executemany(numbered(query), rows)

    async def fetch(self, query: str, *params: object) -> list[Row]:
        return [dict(r.items()) for r in await self._conn.fetch(numbered(query), *params)]

    async def batches(self, query: str, size: int) -> AsyncIterator[list[tuple[Any, ...]]]:
        cursor = await self._conn.cursor(numbered(query))
        while rows := await cursor.fetch(size):
            yield [tuple(r) for r in rows]

    async def copy_in(self, table: Table, rows: Sequence[tuple[object, ...]]) -> None:
        await self._conn.copy_records_to_table(table.name, records=rows, columns=table.columns)

    async def renumber(self, table: Table) -> None:
        await self._conn.execute(_RENUMBER_SQL.format(table=table.name))


@functools.lru_cache(maxsize=256)
def numbered(query: str) -> str:
    """``?`` parameters as PostgreSQL's ``$1, $2, ...`` (the shared SQL has no ``?`` in quotes)."""
    counter = iter(range(1, query.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(counter)}", query)
