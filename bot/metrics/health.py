"""``/healthz``: is this process of use to its players? Ready (its services built and the
Discord client's cache ready), its gateway connected, and its database answering a ping in
time. A load balancer or Docker's HEALTHCHECK reads the status; a person reads the body."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.metrics.registry import Readings

log = logging.getLogger(__name__)

# A ping waits behind a write in progress (SQLite: one connection); longer than this is down.
PING_TIMEOUT = 3.0


class Pingable(Protocol):
    async def ping(self) -> None: ...


@dataclass(frozen=True)
class Health:
    """What ``/healthz`` answers: each check, and why the database failed."""

    ready: bool
    gateway: bool
    database: bool
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.ready and self.gateway and self.database

    def body(self) -> dict[str, object]:
        body: dict[str, object] = {
            "status": "ok" if self.ok else "unavailable",
            "ready": self.ready,
            "gateway": self.gateway,
            "database": self.database,
        }
        if self.problem is not None:
            body["problem"] = self.problem
        return body


class HealthCheck:
    """Checks the client and the storage (``storage()``: None until the services are built)."""

    def __init__(
        self,
        client: discord.Client,
        storage: Callable[[], Pingable | None],
        readings: Readings,
    ) -> None:
        self.client = client
        self.storage = storage
        self.readings = readings

    async def check(self) -> Health:
        storage = self.storage()
        ready = storage is not None and self.client.is_ready()
        gateway = connected(self.client)
        if storage is None:
            return Health(ready, gateway, False, "the database is not open yet")
        try:
            await asyncio.wait_for(storage.ping(), PING_TIMEOUT)
        except Exception as exc:  # however it fails, the database is of no use now
            self.readings.ping_failures += 1
            problem = str(exc) or type(exc).__name__
            log.warning("health: the database did not answer a ping: %s", problem)
            return Health(ready, gateway, False, problem)
        return Health(ready, gateway, True)


def connected(client: discord.Client) -> bool:
    """Every shard's gateway connection open (one client's, unsharded)."""
    if client.is_closed():
        return False
    if isinstance(client, discord.AutoShardedClient):
        shards = client.shards.values()
        return bool(shards) and not any(shard.is_closed() for shard in shards)
    return client.ws is not None and client.ws.open
