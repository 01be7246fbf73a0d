"""Each storage engine with every feature's SQL, composed outside the kernel (``bot/storage``).

A new feature's SQL is one line: its class among ``FeatureSQL``'s bases. Every engine keeps the
same guarantees: a write that returned is committed; ``(round, player, word)`` is accepted once;
one running round per channel; results stored once; a newer schema refused. Errors:
``TransientStorageError`` may be retried, ``RejectedWrite`` never will be taken, any other
``StorageError`` means the database cannot be used as it is. Services take their feature's
narrow store: only ``bot/services.py``, tools, tests and benchmarks hold the whole ``Storage``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, Unpack

from bot.achievements.sql import AchievementSQL
from bot.battles.sql import BattleSQL
from bot.daily.sql import DailySQL
from bot.rounds.sql import RoundSQL
from bot.seasons.sql import SeasonSQL
from bot.server_settings.sql import ServerSettingsSQL
from bot.standings.sql import StandingsSQL
from bot.storage.names_sql import PlayerNameSQL
from bot.storage.outbox_sql import OutboxSQL
from bot.storage.pages_sql import PageAddressSQL
from bot.storage.sql_engine import Engine, Opening
from bot.storage.targets import is_postgres
from bot.tournaments.sql import TournamentSQL
from bot.world.sql import WorldSQL


class FeatureSQL(
    PlayerNameSQL,
    PageAddressSQL,
    OutboxSQL,
    RoundSQL,
    StandingsSQL,
    ServerSettingsSQL,
    DailySQL,
    TournamentSQL,
    BattleSQL,
    SeasonSQL,
    AchievementSQL,
    WorldSQL,
    Protocol,
):
    """Every feature's SQL, each written once in its folder; an engine beneath makes it run."""


class Storage(Engine, FeatureSQL, Protocol):
    """The bot's database; ``await Storage.open(target)`` opens the engine ``target`` names.

    The rest of the interface is the features' SQL (``FeatureSQL``) and each engine's own
    (``Engine``: its ``Lifecycle`` and the whole database's records): each signature written
    once. ``open`` returning each engine as a ``Storage`` is where mypy checks that the engine
    implements all of it.
    """

    @classmethod
    async def open(cls, target: str | Path, **options: Unpack[Opening]) -> Storage:
        """Open (creating only where nothing is), check and migrate the database ``target``
        names: a ``postgresql://`` (or ``postgres://``) URL is PostgreSQL, a file path (or
        ``:memory:``) SQLite. StorageError if it cannot be used, or is not this bot's."""
        if is_postgres(target):  # asyncpg is imported only where it is used
            from bot.stores.postgres import PostgresStorage

            return await PostgresStorage.open(str(target), **options)
        from bot.stores.sqlite import SQLiteStorage

        return await SQLiteStorage.open(target, **options)
