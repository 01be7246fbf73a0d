"""Which process runs which shards, on PostgreSQL: a session-level advisory lock per shard.

The locks are held by one connection of their own, outside the pool (a pooled connection is
shared and may be replaced). The server frees them when that session ends: at close, when the
process dies, or when the server stops hearing from the client (TCP keepalives, below); the
process then sees ``intact()`` turn False and must stop running rounds.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence

import asyncpg

from bot.storage.postgres.errors import EngineError, translate
from bot.storage.postgres.opening import CONNECT_TIMEOUT, Connection

INTACT_TIMEOUT = 2.0  # seconds a live session takes to answer SELECT 1
# The server ends the session of a client it no longer hears from (a machine gone, a cable cut)
# after about idle + interval * count seconds, which frees its shards for a stand-by.
_KEEPALIVES = {
    "tcp_keepalives_idle": "10",
    "tcp_keepalives_interval": "5",
    "tcp_keepalives_count": "3",
}


class ShardLocks:
    """The shard locks this process holds in one schema (``namespace`` tells schemas apart)."""

    def __init__(self, dsn: str, settings: Mapping[str, str], namespace: int) -> None:
        self._dsn = dsn
        self._settings = {**settings, **_KEEPALIVES}
        self._namespace = namespace
        self._conn: Connection | None = None
        self._held: set[int] = set()
        self._lost = False  # the session holding some of our shards ended
        self._lock = asyncio.Lock()  # one statement at a time on the connection

    async def claim(self, shard_ids: Sequence[int]) -> frozenset[int]:
        async with self._lock:
            try:
                conn = await self._connection()
                for shard in shard_ids:
                    if shard not in self._held and await conn.fetchval(
                        "SELECT pg_try_advisory_lock($1, $2)", self._namespace, shard
                    ):
                        self._held.add(shard)
            except EngineError as exc:
                raise translate(exc) from exc
            return frozenset(self._held)

    async def intact(self) -> bool:
        async with self._lock:
            if self._lost:
                return False
            if self._conn is None:
                return True  # nothing claimed, nothing to lose
            try:
                await self._conn.fetchval("SELECT 1", timeout=INTACT_TIMEOUT)
            except Exception:  # no answer, however it fails (a dying session confuses asyncpg)
                self._lost = bool(self._held)
                return not self._lost
            return True

    async def release(self) -> None:
        async with self._lock:
            if self._conn is not None:  # ending the session frees every lock it holds
                try:
                    await self._conn.close(timeout=INTACT_TIMEOUT)
                except EngineError:
                    self._conn.terminate()
            self._conn = None
            self._held.clear()

    async def _connection(self) -> Connection:
        if self._conn is not None and self._conn.is_closed():
            self._lost = self._lost or bool(self._held)
            self._conn = None
            self._held.clear()
        if self._conn is None:
            self._conn = await asyncpg.connect(
                self._dsn, timeout=CONNECT_TIMEOUT, server_settings=self._settings
            )
        return self._conn
