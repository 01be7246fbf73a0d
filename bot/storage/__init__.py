"""The storage kernel: the SQL engines and what every feature's SQL stands on, importing no
feature.

``sqlite/`` and ``postgres/`` are the engines (``sql_engine.Engine``: a ``Lifecycle``, the ways
into the database of ``database.Database`` and the whole database's records of
``copying.CopyStorage``); ``targets.py`` tells which one a target names; ``migrations.py`` reads
the numbered schema files each engine applies; ``records.py`` is every table as typed records
(the copy between engines carries them all); ``errors.py`` the project's errors. Each feature's
queries live in its folder (``bot/<feature>/sql.py``, on ``Database``); ``bot/stores`` composes
them with each engine into the ``Storage`` the bot opens. ``GuessWriter`` batches guesses.
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
