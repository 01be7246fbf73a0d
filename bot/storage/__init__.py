"""The storage kernel: the SQL engines and what every feature's SQL stands on; no feature.

``sqlite/`` and ``postgres/`` are the engines (``sql_engine.Engine``); ``targets`` tells which
one a target names; ``records`` is every table as typed records (what the copy between engines
carries). Each feature's queries live in ``bot/<feature>/sql.py``; ``bot/stores`` composes them
with each engine into the bot's ``Storage``.
"""

from bot.config.database import printable
from bot.storage.copying import CopyStorage
from bot.storage.database import Database, Row, Session
from bot.storage.errors import (
    ChannelBusy,
    RejectedWrite,
    StorageError,
    TargetNotEmpty,
    TransientStorageError,
)
from bot.storage.migrations import MIGRATIONS_ROOT, Migration, load_migrations
from bot.storage.sql_engine import Engine, Lifecycle
from bot.storage.targets import database_error, is_postgres

__all__ = [
    "MIGRATIONS_ROOT",
    "ChannelBusy",
    "CopyStorage",
    "Database",
    "Engine",
    "Lifecycle",
    "Migration",
    "RejectedWrite",
    "Row",
    "Session",
    "StorageError",
    "TargetNotEmpty",
    "TransientStorageError",
    "database_error",
    "is_postgres",
    "load_migrations",
    "printable",
]
