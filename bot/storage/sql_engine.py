"""What an SQL engine is: its own hold on the database (``Lifecycle``) and the aggregates' SQL,
written once and shared (``SQLStorage``).

An engine subclasses ``SQLStorage`` and supplies what only it can do: the ways into its database
(``session.Database``: a write transaction, a read, a snapshot), opening, closing and the shard
claims. Each aggregate is a protocol of its own whose methods are the SQL itself, so a method's
signature is written once: callers read it as the interface, engines inherit it as the code.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.storage.achievements import AchievementStorage
from bot.storage.battles import BattleStorage
from bot.storage.copying import CopyStorage
from bot.storage.daily import DailyStorage
from bot.storage.rounds import RoundStorage
from bot.storage.seasons import SeasonStorage
from bot.storage.server_settings import SettingsStorage
from bot.storage.standings import StandingsStorage
from bot.storage.tournaments import TournamentStorage
from bot.storage.web_addresses import WebAddressStorage


class Lifecycle(Protocol):
    """What each engine does in its own way: closing, and which process runs which shards."""

    async def close(self) -> None:
        """Close; nothing is lost that a call returned for. Releases this process's shards."""

    async def claim_shards(self, shard_ids: Sequence[int], shard_count: int) -> frozenset[int]:
        """Take these shards for this process if no other live process holds them; returns every
        shard this storage now holds. A claim lasts until ``close`` or the death of the process
        (a lock, not a lease to wait out), so a killed process's shards are free at once; a
        second process asking for held shards gets nothing and may ask again later."""
        ...

    async def claims_intact(self) -> bool:
        """False once the claims may have been lost (PostgreSQL: the session holding the locks
        dropped); a process that sees False must stop running rounds."""
        ...

    async def ping(self) -> None:
        """A cheap round trip that proves the database is still there for this process (the
        health check's); StorageError if it is not."""


class SQLStorage(
    Lifecycle,
    RoundStorage,
    StandingsStorage,
    SettingsStorage,
    DailyStorage,
    CopyStorage,
    WebAddressStorage,
    TournamentStorage,
    BattleStorage,
    SeasonStorage,
    AchievementStorage,
    Protocol,
):
    """Every aggregate on one engine: the whole interface but ``open`` (``interface.Storage``)."""
