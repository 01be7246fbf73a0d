"""What only PostgreSQL has: URLs and their passwords, logins, schemas, sessions, several processes
starting at once. (Everything both engines share runs on both in the other storage tests.)"""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.storage import StorageError, TransientStorageError, is_postgres, load_migrations, printable
from bot.storage.postgres import MIGRATIONS_DIR
from bot.storage.postgres.engine import CLOSE_TIMEOUT
from bot.storage.postgres.opening import lock_key
from bot.storage.sqlite import MIGRATIONS_DIR as SQLITE_MIGRATIONS
from bot.stores import Storage
from tests.bot.rounds.stored import accepted, new_round
from tests.postgres import fresh_postgres_url, server_url
from tests.stores import StoreTarget, postgres_target

SECRET = "s3cret-pw"


def other_login(url: str, *, user: str | None = None, database: str | None = None) -> str:
    """The test server's URL with another user (and the secret as password) or database."""
    parts = urlsplit(url)
    host = parts.hostname or "127.0.0.1"
    netloc = f"{user or parts.username or 'postgres'}:{SECRET}@{host}:{parts.port or 5432}"
    path = f"/{database}" if database else parts.path
    return parts._replace(netloc=netloc, path=path).geturl()


@pytest.fixture
async def pg_target() -> AsyncIterator[StoreTarget]:
    async with postgres_target() as target:
        yield target


# --- the target and how it is shown ---------------------------------------------------------------


def test_both_engines_have_the_same_migrations() -> None:
    """A database's version means the same schema on either engine."""
    ours = [(m.version, m.name) for m in load_migrations(MIGRATIONS_DIR)]
    assert ours == [(m.version, m.name) for m in load_migrations(SQLITE_MIGRATIONS)]


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("postgresql://bot@db/boggle", True),
        ("postgres://bot@db/boggle", True),
        ("POSTGRESQL://bot@db/boggle", True),
        ("boggle.sqlite3", False),
        ("/data/postgresql.sqlite3", False),
        (":memory:", False),
    ],
)
def test_which_engine_a_target_names(target: str, expected: bool) -> None:
    assert is_postgres(target) is expected


def test_a_url_of_another_database_is_refused() -> None:
    with pytest.raises(StorageError, match="mysql:// URLs are not supported"):
        is_postgres("mysql://bot@db/boggle")


@pytest.mark.parametrize(
    ("target", "shown"),
    [
        ("postgresql://bot:s3cret-pw@db:5432/boggle", "postgresql://bot:***@db:5432/boggle"),
        (
            "postgresql://bot@db/boggle?password=s3cret-pw",
            "postgresql://bot@db/boggle?password=***",
        ),
        ("postgresql://bot@db/boggle?search_path=x", "postgresql://bot@db/boggle?search_path=x"),
        ("postgresql://bot:s3cret-pw/boggle", "postgresql://***"),  # no host: where is it?
        # Characters a URL's password should have had encoded: the netloc ends before the @.
        ("postgresql://bot:s3cret-pw/1@db:5432/boggle", "postgresql://***"),
        ("postgresql://bot:s3cret-pw?1@db/boggle", "postgresql://***"),
        ("postgresql://bot:s3cret-pw#1@db/boggle", "postgresql://***"),
        ("boggle.sqlite3", "boggle.sqlite3"),
    ],
)
def test_a_printed_target_never_shows_the_password(target: str, shown: str) -> None:
    assert printable(target) == shown
    assert SECRET not in printable(target)


# --- what cannot be opened, in one line without the password ---------------------------------------


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        (f"postgresql://bot:{SECRET}@127.0.0.1:notaport/boggle", "not a valid PostgreSQL URL"),
        (f"postgresql://bot:{SECRET}@127.0.0.1:99999/boggle", "not a valid PostgreSQL URL"),
        (f"postgresql://bot:{SECRET}/boggle", "not a valid PostgreSQL URL"),
        (f"postgresql://bot:{SECRET}@127.0.0.1:5432/b?sslmode=sometimes", "sslmode"),
        (f"postgresql://bot:{SECRET}@127.0.0.1:1/boggle", "connection refused"),
        (f"postgresql://bot:{SECRET}@no-such-host.invalid/boggle", "unknown host"),
    ],
)
async def test_a_url_that_leads_nowhere_is_one_clear_error(url: str, reason: str) -> None:
    with pytest.raises(StorageError, match=reason) as caught:
        await Storage.open(url)
    message = str(caught.value)
    assert "\n" not in message and SECRET not in message


async def test_an_unknown_user_or_database_is_named() -> None:
    url = server_url()
    with pytest.raises(StorageError, match='refused the login: role "no_such_role_') as role:
        await Storage.open(other_login(url, user="no_such_role_boggle"))
    with pytest.raises(StorageError, match='no such database: database "no_such_db_') as db:
        await Storage.open(other_login(url, database="no_such_db_boggle"))
    for caught in (role, db):
        assert SECRET not in str(caught.value) and "\n" not in str(caught.value)


async def test_a_search_path_naming_no_schema_is_refused() -> None:
    url = server_url()
    parts = urlsplit(url)
    with pytest.raises(StorageError, match="no schema to keep the tables in"):
        await Storage.open(parts._replace(query="search_path=no_such_schema_boggle").geturl())


async def test_a_schema_with_someone_elses_ledger_is_left_as_it_was(
    pg_target: StoreTarget,
) -> None:
    await pg_target.execute("CREATE TABLE schema_migrations (id SERIAL, script TEXT)")
    await pg_target.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StorageError, match="not this bot's database"):
        await pg_target.open()
    tables = await pg_target.rows(
        "SELECT table_name FROM information_schema.tables"
        " WHERE table_schema = current_schema() ORDER BY 1"
    )
    assert tables == [("invoices",), ("schema_migrations",)]


# --- several processes ---------------------------------------------------------------------------


async def test_processes_starting_together_migrate_once(pg_target: StoreTarget) -> None:
    stores = await asyncio.gather(*(pg_target.open() for _ in range(5)))
    try:
        versions = await pg_target.rows("SELECT version FROM schema_migrations ORDER BY 1")
        assert versions == [(m.version,) for m in load_migrations(MIGRATIONS_DIR)]
        stored = await new_round(stores[0])
        assert await stores[4].get_round(stored.id) == stored  # one database, seen by all
    finally:
        for store in stores:
            await store.close()


async def test_a_long_migration_is_waited_for_by_the_others(
    pg_target: StoreTarget, tmp_path: Path
) -> None:
    """One process migrates for longer than a busy timeout (and a statement's own limits):
    the others starting with it wait for it instead of failing."""
    slow = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, slow)
    (slow / "0099_slow.sql").write_text("SELECT pg_sleep(1.5);\n")
    stores = await asyncio.gather(
        *(pg_target.open(migrations_dir=slow, busy_timeout=0.2) for _ in range(3))
    )
    try:
        versions = await pg_target.rows("SELECT max(version) FROM schema_migrations")
        assert versions == [(99,)]
    finally:
        for store in stores:
            await store.close()


async def test_shards_of_two_schemas_are_claimed_apart() -> None:
    """Two bots on one server, each in its own schema, never hold each other's shards."""
    async with fresh_postgres_url() as first_url, fresh_postgres_url() as second_url:
        first = await Storage.open(first_url)
        second = await Storage.open(second_url)
        try:
            assert await first.claim_shards([0, 1], 2) == {0, 1}
            assert await second.claim_shards([0, 1], 2) == {0, 1}
        finally:
            await first.close()
            await second.close()


async def test_claims_are_lost_with_their_session(pg_target: StoreTarget) -> None:
    """The server ends the session that holds the shard locks (a network cut, an admin):
    the process learns it has lost them, and a stand-by can take them at once."""
    holder = await pg_target.open()
    standby = await pg_target.open()
    try:
        assert await holder.claim_shards([3], 4) == {3}
        assert await holder.claims_intact()
        assert await standby.claim_shards([3], 4) == frozenset()
        schema = await pg_target.value("SELECT current_schema()")
        pid = await pg_target.value(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid = (?::bigint & 4294967295)::oid AND objid = 3 AND objsubid = 2",
            lock_key("shards", schema),
        )
        assert await pg_target.value("SELECT pg_terminate_backend(?)", pid)
        for _ in range(100):
            if await standby.claim_shards([3], 4):
                break
            await asyncio.sleep(0.02)
        assert await standby.claim_shards([3], 4) == {3}
        assert not await holder.claims_intact()
        assert not await holder.claims_intact()  # lost for good: the process must stop
    finally:
        await holder.close()
        await standby.close()


async def test_a_connection_lost_mid_write_is_transient(pg_target: StoreTarget) -> None:
    store = await pg_target.open()
    try:
        stored = await new_round(store)
        async with pg_target.blocking_writes("guesses"):
            write = asyncio.create_task(store.record_guesses([accepted(stored.id, 1, "cat", 1.0)]))
            blocker = await pg_target.value(
                "SELECT pid FROM pg_locks WHERE locktype = 'relation' AND mode = 'ExclusiveLock'"
                " AND relation = 'guesses'::regclass AND granted"
            )
            waiting: list[tuple[Any, ...]] = []
            while not waiting:  # the write's session, waiting for the lock
                await asyncio.sleep(0.01)
                waiting = await pg_target.rows(
                    "SELECT pid FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))",
                    blocker,
                )
            await pg_target.execute("SELECT pg_terminate_backend(?)", waiting[0][0])
            with pytest.raises(TransientStorageError):
                await write
        await store.record_guesses([accepted(stored.id, 1, "cat", 1.0)])  # a retry goes in
        assert await store.accepted_words(stored.id) == [(1, "cat", 1.0)]
    finally:
        await store.close()


async def test_closing_never_waits_long_for_a_call_stuck_in_the_server(
    pg_target: StoreTarget,
) -> None:
    store = await pg_target.open(busy_timeout=60.0)
    stored = await new_round(store)
    async with pg_target.blocking_writes("guesses"):  # the write below waits for 60 s
        write = asyncio.create_task(store.record_guesses([accepted(stored.id, 1, "cat", 1.0)]))
        await asyncio.sleep(0.2)
        started = time.monotonic()
        await store.close()
        assert time.monotonic() - started < CLOSE_TIMEOUT + 2
        with pytest.raises(StorageError):
            await write  # cut off: never reported as written
    assert await pg_target.value("SELECT COUNT(*) FROM found_words") == 0


async def test_a_connection_goes_back_to_the_pool_without_a_round_trip(
    pg_target: StoreTarget,
) -> None:
    """Pooled sessions keep no state, so nothing is sent when one is released (asyncpg's reset
    query was): the session's last statement is still the caller's; an open transaction is
    still rolled back."""
    storage = await pg_target.open()
    try:
        pool: Any = storage._pool  # type: ignore[attr-defined]
        async with pool.acquire() as conn:
            pid = conn.get_server_pid()
            await conn.fetchval("SELECT 1 AS ours")
        watcher = await asyncpg.connect(server_url())
        try:
            activity = "SELECT state, query FROM pg_stat_activity WHERE pid = $1"
            idle = await watcher.fetchrow(activity, pid)
        finally:
            await watcher.close()
        assert idle is not None and (idle["state"], idle["query"]) == ("idle", "SELECT 1 AS ours")
        async with pool.acquire() as conn:
            await conn.execute("BEGIN")
            await conn.execute("CREATE TEMP TABLE left_open (n INT)")
        async with pool.acquire() as conn:
            assert not conn.is_in_transaction()
            assert await conn.fetchval("SELECT to_regclass('pg_temp.left_open')") is None
    finally:
        await storage.close()
