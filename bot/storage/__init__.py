"""The bot's storage: rounds, guesses, accepted words, results and standings, behind one interface.

``Storage`` (``interface.py``) is what the rest of the bot uses, in the project's types
(``model.py``, ``records.py``) and errors (``errors.py``); ``sqlite/`` and ``postgres/`` fill it,
on the SQL they share (``sql_engine.py``), and ``targets.py`` tells which one a target names.
``GuessWriter`` batches guesses into it; ``migrations.py`` reads the numbered schema files each
engine applies.
"""

from .errors import (
    ChannelBusy,
    RejectedWrite,
    StorageError,
    TargetNotEmpty,
    TransientStorageError,
)
from .interface import Storage
from .migrations import MIGRATIONS_ROOT, Migration, load_migrations
from .model import (
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
from .targets import database_error, is_postgres, printable
from .writer import GuessWriter

__all__ = [
    "DEFAULT_BUSY_TIMEOUT",
    "MIGRATIONS_ROOT",
    "AcceptedWord",
    "ChannelBusy",
    "DailyAttempt",
    "DailyChannel",
    "DailyGuess",
    "DailyRanked",
    "DailyStart",
    "GuessRow",
    "GuessWriter",
    "LeaderboardEntry",
    "LeaderboardPage",
    "Measure",
    "Migration",
    "ModeStats",
    "PlayerStats",
    "RankedPlayer",
    "RejectedWrite",
    "RoundState",
    "ServerSettings",
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
