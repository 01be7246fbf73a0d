"""Which process serves which server's players on the page, when shards are split across
processes (on PostgreSQL): each records the address of its page for the shards it runs, and a
page that lands on another process is relayed to the one that runs its server."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from bot.config.shards import ShardSlice

HERE = "here"  # owner: this process runs the server's shard


class PageAddressStore(Protocol):
    """The queries the directory needs (every storage engine has them)."""

    async def record_web_address(
        self, shard_ids: Iterable[int], address: str, now: float
    ) -> None: ...

    async def web_address(self, shard_id: int) -> str | None: ...


class PageDirectory:
    """This process's shards, and where the other processes' pages are."""

    def __init__(
        self, store: PageAddressStore, shards: ShardSlice, clock: Callable[[], float]
    ) -> None:
        self.store = store
        self.shards = shards
        self.clock = clock

    @property
    def split(self) -> bool:
        """Whether shards are split across processes (then pages may need relaying)."""
        return self.shards.count is not None

    def runs_here(self, guild_id: int | None) -> bool:
        """Whether this process runs ``guild_id``'s rounds (a DM's: every process)."""
        shards = self.shards
        return guild_id is None or shards.count is None or shards.owns(guild_id)

    async def owner(self, guild_id: int | None) -> str | None:
        """``HERE`` when this process runs ``guild_id``'s shard, else where the page of the
        process that does is; None when that process recorded none (it serves no page, or is
        starting): never served here, where its rounds are not."""
        if self.runs_here(guild_id):
            return HERE
        assert guild_id is not None and self.shards.count is not None
        return await self.store.web_address((guild_id >> 22) % self.shards.count)

    async def record(self, address: str) -> None:
        """This process serves its shards' pages at ``address``."""
        ids, _ = self.shards.claimed
        await self.store.record_web_address(ids, address, self.clock())
