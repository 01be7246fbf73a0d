"""What the bot needs of a database, in the project's types only.

An engine fills this Protocol (``bot.storage.sqlite``, ``bot.storage.postgres``); nothing above
the storage package knows which one it has. Every engine keeps the same guarantees: a write that returned is
committed; ``(round, player, word)`` is accepted once; one running round per channel; results are
stored once; a database with a newer schema is refused. Errors are the project's own
(``bot.storage.errors``): ``TransientStorageError`` may be retried, ``RejectedWrite`` never will
be taken, any other ``StorageError`` means the database cannot be used as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from bot.kernel.model import DEFAULT_BUSY_TIMEOUT
from bot.storage.sql_engine import SQLStorage
from bot.storage.targets import is_postgres


class Storage(SQLStorage, Protocol):
    """The bot's database; ``await Storage.open(target)`` opens the engine ``target`` names.

    The rest of the interface is the aggregates' (``RoundStorage``, ``StandingsStorage``,
    ``SettingsStorage``, ``DailyStorage``, ``CopyStorage``) and each engine's ``Lifecycle``,
    composed in ``sql_engine.SQLStorage``: one protocol per aggregate, each signature written
    once. ``open`` returning each engine as a ``Storage`` is where mypy checks that the engine
    implements all of it.
    """

    @classmethod
    async def open(
        cls,
        target: str | Path,
        *,
        migrations_dir: Path | None = None,
        busy_timeout: float = DEFAULT_BUSY_TIMEOUT,
    ) -> Storage:
        """Open (creating only where nothing is), check and migrate the database ``target``
        names: a ``postgresql://`` (or ``postgres://``) URL is PostgreSQL, a file path (or
        ``:memory:``) SQLite. StorageError if it cannot be used, or is not this bot's;
        ``migrations_dir`` replaces the engine's folder of migrations."""
        if is_postgres(target):
            from bot.storage.postgres import PostgresStorage

            return await PostgresStorage.open(
                str(target), migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        from bot.storage.sqlite import SQLiteStorage

        return await SQLiteStorage.open(
            target, migrations_dir=migrations_dir, busy_timeout=busy_timeout
        )
