"""What an SQL engine is on its own: its hold on the database (``Lifecycle``), its ways into it
(``database.Database``: a write transaction, a read, a snapshot) and the copy of the whole
database (``CopyStorage``); ``sqlite/`` and ``postgres/`` each implement ``Engine``.

No feature's SQL is here: each feature writes its own once, in its folder
(``bot/<feature>/sql.py``), on the same ``Database``, and ``bot/stores`` composes every engine
with all of it, so this package imports no feature.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypedDict

from bot.storage.copying import CopyStorage
from bot.storage.migrations import Migration, load_migrations

# How long a statement waits for another writer's lock before it gives up (transient).
DEFAULT_BUSY_TIMEOUT = 5.0


class Opening(TypedDict, total=False):
    """How every engine's ``open`` (and ``Storage.open``) may be asked to open: ``migrations_dir``
    replaces the engine's folder of migrations; ``busy_timeout`` defaults to
    ``DEFAULT_BUSY_TIMEOUT``."""

    migrations_dir: Path | None
    busy_timeout: float


def opening(options: Opening, migrations_dir: Path) -> tuple[list[Migration], float]:
    """The migrations to apply (from ``migrations_dir`` unless the options name another folder)
    and the busy timeout."""
    folder = options.get("migrations_dir") or migrations_dir
    return load_migrations(folder), options.get("busy_timeout", DEFAULT_BUSY_TIMEOUT)


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


class Engine(Lifecycle, CopyStorage, Protocol):
    """An engine before any feature's SQL: its lifecycle, its ways into its database (what every
    feature's SQL is written on) and the whole database's records."""
