"""The SQL of where each shard's process serves the Activity's page (``web_addresses``): written
by the process when its page starts, read by another whose socket's channel is on that shard
(``pages.PageDirectory``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from bot.storage.database import Database

RECORD_WEB_ADDRESS_SQL = (
    "INSERT INTO web_addresses (shard_id, address, updated_at) VALUES (?, ?, ?)"
    " ON CONFLICT (shard_id) DO UPDATE SET address = excluded.address,"
    " updated_at = excluded.updated_at"
)
WEB_ADDRESS_SQL = "SELECT address FROM web_addresses WHERE shard_id = ?"


class PageAddressSQL(Database, Protocol):
    async def record_web_address(self, shard_ids: Iterable[int], address: str, now: float) -> None:
        """This process serves the page for ``shard_ids`` at ``address``."""
        async with self._write() as session:
            for shard_id in shard_ids:
                await session.execute(RECORD_WEB_ADDRESS_SQL, shard_id, address, now)

    async def web_address(self, shard_id: int) -> str | None:
        """The address of the page of the process running ``shard_id``, if one recorded it."""
        rows = await self._fetch(WEB_ADDRESS_SQL, shard_id)
        return str(rows[0]["address"]) if rows else None
