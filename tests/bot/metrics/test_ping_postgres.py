"""PostgreSQL's ping when the server stops taking this bot: its role is refused new sessions
and its sessions are ended (as a failover, a revoked login or a server restart does), so the
pool can neither use nor replace a connection; allowed again, the next ping reconnects."""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.storage.errors import StorageError
from bot.stores import Storage
from tests.postgres import server_url, with_search_path


def as_role(url: str, role: str) -> str:
    parts = urlsplit(url)
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{role}@{host}"))


async def test_ping_fails_while_the_server_refuses_the_bot_and_recovers() -> None:
    url = server_url()
    role = f"m_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url)
    try:
        await admin.execute(f"CREATE ROLE {role} LOGIN")
        await admin.execute(f"CREATE SCHEMA {role} AUTHORIZATION {role}")
        storage = await Storage.open(with_search_path(as_role(url, role), role))
        try:
            await storage.ping()
            await admin.execute(f"ALTER ROLE {role} NOLOGIN")
            ended = await admin.fetchval(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = $1",
                role,
            )
            assert ended >= 1
            for _ in range(2):  # the dead connection, then a new one refused
                with pytest.raises(StorageError):
                    await storage.ping()
            await admin.execute(f"ALTER ROLE {role} LOGIN")
            await storage.ping()
        finally:
            await storage.close()
    finally:
        await admin.execute(f"DROP SCHEMA IF EXISTS {role} CASCADE")
        await admin.execute(f"DROP ROLE IF EXISTS {role}")
        await admin.close()
