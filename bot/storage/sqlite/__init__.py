"""The SQLite engine of the storage interface (aiosqlite, ``migrations/sqlite/``)."""

from ..rounds import PRUNE_BATCH, PRUNE_ROUNDS_PER_STEP
from ..statements import LEADERBOARD_SQL, PRUNE_STEP_SQL, RUNNING_ROUND_SQL, UNFINISHED_ROUNDS_SQL
from .files import APPLICATION_ID
from .opening import MIGRATIONS_DIR, split_statements
from .storage import SQLiteStorage

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
