"""The SQLite engine of the storage interface (aiosqlite, ``migrations/sqlite/``)."""

from bot.storage.rounds import PRUNE_BATCH, PRUNE_ROUNDS_PER_STEP
from bot.storage.sqlite.files import APPLICATION_ID
from bot.storage.sqlite.opening import MIGRATIONS_DIR, split_statements
from bot.storage.sqlite.storage import SQLiteStorage
from bot.storage.statements import (
    LEADERBOARD_SQL,
    PRUNE_STEP_SQL,
    RUNNING_ROUND_SQL,
    UNFINISHED_ROUNDS_SQL,
)

__all__ = [
    "APPLICATION_ID",
    "LEADERBOARD_SQL",
    "MIGRATIONS_DIR",
    "PRUNE_BATCH",
    "PRUNE_ROUNDS_PER_STEP",
    "PRUNE_STEP_SQL",
    "RUNNING_ROUND_SQL",
    "UNFINISHED_ROUNDS_SQL",
    "SQLiteStorage",
    "split_statements",
]
