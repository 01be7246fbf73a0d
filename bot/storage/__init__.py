"""The bot's storage: rounds, guesses, accepted words, results and standings, behind one interface.

``Storage`` (``interface.py``) is what the rest of the bot uses, in the project's types
(``model.py``, ``records.py``) and errors (``errors.py``). It is one protocol per aggregate, each
the SQL every engine shares and so the only place its methods' signatures are written:
``RoundStorage`` (``rounds.py``), ``StandingsStorage`` (``standings.py``), ``SettingsStorage``
(``server_settings.py``), ``DailyStorage`` (``daily.py``) and ``CopyStorage`` (``copying.py``),
composed with each engine's ``Lifecycle`` in ``sql_engine.SQLStorage``. ``sqlite/`` and
``postgres/`` subclass that and supply the ways into their database (``session.py``);
``targets.py`` tells which one a target names. ``GuessWriter`` batches guesses into it;
``migrations.py`` reads the numbered schema files each engine applies.
"""

from bot.kernel.model import (
    DEFAULT_BUSY_TIMEOUT,
    AcceptedWord,
    DailyAttempt,
    DailyChannel,
    DailyGuess,
    DailyRanked,
    DailyStart,
    GuessRow,
    LeaderboardEntry,
    LeaderboardPage,
    Measure,
    ModeStats,
    PlayerStats,
    RankedPlayer,
    RoundState,
    ServerSettings,
    StoredRound,
)
from bot.storage.copying import CopyStorage
from bot.storage.daily import DailyStorage
from bot.storage.errors import (
    ChannelBusy,
    RejectedWrite,
    StorageError,
    TargetNotEmpty,
    TransientStorageError,
)
from bot.storage.interface import Storage
from bot.storage.migrations import MIGRATIONS_ROOT, Migration, load_migrations
from bot.storage.rounds import RoundStorage
from bot.storage.server_settings import SettingsStorage
from bot.storage.sql_engine import Lifecycle
from bot.storage.standings import StandingsStorage
from bot.storage.targets import database_error, is_postgres, printable
from bot.storage.writer import GuessWriter

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "MIGRATIONS_ROOT",
    "AcceptedWord",
    "ChannelBusy",
    "CopyStorage",
    "DailyAttempt",
    "DailyChannel",
    "DailyGuess",
    "DailyRanked",
    "DailyStart",
    "DailyStorage",
    "GuessRow",
    "GuessWriter",
    "LeaderboardEntry",
    "LeaderboardPage",
    "Lifecycle",
    "Measure",
    "Migration",
    "ModeStats",
    "PlayerStats",
    "RankedPlayer",
    "RejectedWrite",
    "RoundState",
    "RoundStorage",
    "ServerSettings",
    "SettingsStorage",
    "StandingsStorage",
    "Storage",
    "StorageError",
    "StoredRound",
    "TargetNotEmpty",
    "TransientStorageError",
    "database_error",
    "is_postgres",
    "load_migrations",
    "printable",
]
