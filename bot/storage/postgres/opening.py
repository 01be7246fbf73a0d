"""A pool made ready: connected, the schema identified as ours (or empty), then migrated.

Migrations are ``migrations/postgres/NNNN_name.sql``, the same versions and names as SQLite's,
each applied in one transaction with its row in ``schema_migrations``, under an advisory lock so
that processes starting together do not both migrate. Everything lives in the connection's
current schema (the first of ``search_path``, e.g. ``?search_path=boggle`` in the URL).
"""

from __future__ import annotations

import logging
import time
import zlib
from collections.abc import Mapping
from typing import TypeAlias

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.errors import StorageError
from bot.storage.migrations import LEDGER_COLUMNS, MIGRATIONS_ROOT, Migration, check_ours, pending
from bot.storage.postgres.errors import EngineError, connect_failure

log = logging.getLogger(__name__)

MIGRATIONS_DIR = MIGRATIONS_ROOT / "postgres"
CONNECT_TIMEOUT = 10.0  # seconds to reach the server and log in
COMMAND_TIMEOUT = 60.0  # seconds a statement may take before it counts as lost (transient)
POOL_SIZE = 10  # connections per process: the writer, the runners, commands, the pruner
APPLICATION_NAME = "boggle-bot"  # as pg_stat_activity shows the bot's sessions

# (Strings: asyncpg's classes are generic only in their type stubs.)
Pool: TypeAlias = "asyncpg.Pool[asyncpg.Record]"
# A connection of its own, or one lent by the pool: the same statements work on both.
Connection: TypeAlias = "asyncpg.Connection[asyncpg.Record] | PoolConnectionProxy[asyncpg.Record]"

_TABLES_SQL = """
    SELECT c.relname FROM pg_class AS c
    JOIN pg_namespace AS n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
"""
_LEDGER_COLUMNS_SQL = """
    SELECT attname FROM pg_attribute
    WHERE attrelid = 'schema_migrations'::regclass AND attnum > 0 AND NOT attisdropped
    ORDER BY attnum
"""
_CREATE_LEDGER_SQL = (
    "CREATE TABLE IF NOT EXISTS schema_migrations ("
    " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
)


def session_settings(busy_timeout: float) -> dict[str, str]:
    """Settings of every session: a statement waits ``busy_timeout`` for a lock, then fails
    (transient), as SQLite's busy timeout does."""
    return {
        "lock_timeout": str(max(1, int(busy_timeout * 1000))),
        "application_name": APPLICATION_NAME,
    }


def lock_key(purpose: str, schema: str) -> int:
    """An advisory lock namespace (int4) of this bot's data: one per schema, so two bots in two
    schemas of one database (or two test runs) never take each other's locks."""
    key = zlib.crc32(f"boggle {purpose} {schema}".encode())
    return key - 2**32 if key >= 2**31 else key


async def create_pool(dsn: str, settings: Mapping[str, str]) -> Pool:
    """A pool with one connection open; StorageError naming what is wrong if none can be."""
    try:
        pool = await asyncpg.create_pool(
            dsn,
            min_size=1,
            max_size=POOL_SIZE,
            timeout=CONNECT_TIMEOUT,
            command_timeout=COMMAND_TIMEOUT,
            server_settings=dict(settings),
            reset=_keep_session,
        )
    except (*EngineError, ValueError, OverflowError) as exc:
        raise connect_failure(exc, CONNECT_TIMEOUT) from None
    return pool


async def _keep_session(conn: Connection) -> None:
    """A connection given back to the pool, as it is: asyncpg rolls back an open transaction
    first, and our pooled sessions keep no other state (no LISTEN, no session lock or setting:
    the shard locks have a connection of their own). Its default reset cost a round trip to
    the server at every release, a third of a world guess's."""


async def current_schema(conn: Connection) -> str:
    """Where the tables are (or will be); StorageError if ``search_path`` names no schema."""
    schema = await conn.fetchval("SELECT current_schema()")
    if schema is None:
        path = await conn.fetchval("SHOW search_path")
        raise StorageError(
            f"no schema to keep the tables in: search_path {path!r} names none that exists "
            "(create it first)"
        )
    return str(schema)


# Migrating waits for another process's migration however long it takes, and a migration may run
# longer than an ordinary statement may (it fills new columns of every round, say).
MIGRATION_TIMEOUT = 3600.0  # seconds one migration may take (asyncpg's own limit per call)
_MIGRATION_PATIENCE_SQL = "SET LOCAL lock_timeout = 0; SET LOCAL statement_timeout = 0"


async def prepare(conn: Connection, schema: str, migrations: list[Migration]) -> None:
    """Identify, then migrate. Nothing is written to a schema that is not this bot's."""
    where = f"schema {schema}"
    await _identify(conn, where)
    lock = lock_key("migrations", schema)
    async with conn.transaction():
        await conn.execute(_MIGRATION_PATIENCE_SQL)
        await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", lock)
        await _identify(conn, where)  # another process may have made it since: then it is ours
        await conn.execute(_CREATE_LEDGER_SQL)
        applied = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        todo = pending(migrations, applied, where)
    for migration in todo:
        await _apply(conn, lock, migration, where)


async def _identify(conn: Connection, where: str) -> None:
    tables = {r["relname"] for r in await conn.fetch(_TABLES_SQL)}
    ledger: list[tuple[int, str]] | None = None
    if "schema_migrations" in tables:
        columns = [r["attname"] for r in await conn.fetch(_LEDGER_COLUMNS_SQL)]
        if columns == LEDGER_COLUMNS:
            rows = await conn.fetch("SELECT version, name FROM schema_migrations")
            ledger = [(r["version"], r["name"]) for r in rows]
    check_ours(tables, ledger, where)


async def _apply(conn: Connection, lock: int, migration: Migration, where: str) -> None:
    try:
        async with conn.transaction():
            await conn.execute(_MIGRATION_PATIENCE_SQL)
            await conn.execute("SELECT pg_advisory_xact_lock($1, 0)", lock)
            done = await conn.fetchval(
                "SELECT 1 FROM schema_migrations WHERE version = $1", migration.version
            )
            if done:  # another process applied it since we looked
                return
            await conn.execute(migration.sql(), timeout=MIGRATION_TIMEOUT)
            await conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                migration.version,
                migration.name,
                time.time(),
            )
    except asyncpg.PostgresError as exc:
        raise StorageError(
            f"database {where}: migration {migration.path.name} failed and was rolled back: {exc}"
        ) from exc
    log.info("database %s: applied migration %04d_%s", where, migration.version, migration.name)
