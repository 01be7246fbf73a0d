"""The SQLite engine (aiosqlite, ``migrations/sqlite/``)."""

from bot.storage.sqlite.engine import SQLiteEngine
from bot.storage.sqlite.files import APPLICATION_ID
from bot.storage.sqlite.opening import MIGRATIONS_DIR, split_statements

__all__ = ["APPLICATION_ID", "MIGRATIONS_DIR", "SQLiteEngine", "split_statements"]
