"""This process's hold on its shards in the database: no round is run by two processes."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Protocol

from bot.config.shards import ShardSlice

log = logging.getLogger(__name__)

# Shards another process holds are asked for again this often.
CLAIM_RETRY = 5.0
# The hold on ours is checked this often; a process that lost it stops judging at once and ends
# no round (each check takes up to 2 s when the database is slow to answer).
CLAIM_CHECK = 1.0
# A stand-by that had to wait for its shards waits this long more before it resumes their rounds,
# so that a process which lost them (rather than died) has seen it and stopped.
TAKEOVER_GRACE = 2 * CLAIM_CHECK + 3.0


class ShardHold(Protocol):
    """What the claims ask of the storage (each engine's ``Lifecycle`` has it)."""

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]: ...

    async def claims_intact(self) -> bool: ...


class ShuttingDown(Exception):
    """The process was told to stop before it had its shards."""


class ShardsTaken(Exception):
    """Another live process holds shards this one wants, and this one may not wait for them
    (the sandbox: a second ``make run`` on the same database)."""

    def __init__(self, shards: list[int]) -> None:
        super().__init__(f"shards {', '.join(map(str, shards))} are run by another process")
        self.shards = shards


class ShardClaims:
    def __init__(
        self,
        storage: ShardHold,
        shards: ShardSlice,
        stopping: Callable[[], bool],
        standby: bool = True,
    ) -> None:
        """``stopping()``: whether the process is stopping (a stand-by gives up waiting);
        ``standby``: whether to wait for shards another process holds, or raise ShardsTaken."""
        self.storage = storage
        self.shards = shards
        self.stopping = stopping
        self.standby = standby
        self.lost = False  # the database's hold on our shards was lost: exit non-zero
        self._watch: asyncio.Task[None] | None = None

    async def hold(self) -> None:
        """Hold our shards before running anything: a process whose shards another live process
        holds waits for them (a stand-by), so no round runs twice."""
        wanted, count = self.shards.claimed
        held = await self.storage.claim_shards(wanted, count)
        waited = len(held) < len(wanted)
        if waited and not self.standby:
            raise ShardsTaken(sorted(set(wanted) - held))
        if waited:
            log.warning(
                "shards %s are run by another process on this database; waiting for them",
                ", ".join(map(str, sorted(set(wanted) - held))),
            )
        while len(held) < len(wanted):
            await asyncio.sleep(CLAIM_RETRY)
            if self.stopping():
                raise ShuttingDown
            held = await self.storage.claim_shards(wanted, count)
        if waited:  # taken over from a process that may not know yet: let it see and stop
            await asyncio.sleep(TAKEOVER_GRACE)
        log.info("running %s", self.shards.describe())

    def watch(self, on_lost: Callable[[], Awaitable[None]]) -> None:
        """Check the hold every CLAIM_CHECK; once lost, ``on_lost`` stops the process (exit 1)
        rather than let it run a round that another process may take."""
        self._watch = asyncio.create_task(self._run(on_lost), name="watch-shard-claims")

    async def _run(self, on_lost: Callable[[], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(CLAIM_CHECK)
            if not await self.storage.claims_intact():
                break
        log.error("the database no longer holds our shards for us; stopping")
        self.lost = True
        await on_lost()

    def stop_watching(self) -> None:
        if self._watch is not None and self._watch is not asyncio.current_task():
            self._watch.cancel()
