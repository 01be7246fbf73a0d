"""The PostgreSQL engine of the storage interface (asyncpg with a pool, ``migrations/postgres/``)."""

from bot.storage.postgres.opening import MIGRATIONS_DIR
from bot.storage.postgres.storage import PostgresStorage

__all__ = ["MIGRATIONS_DIR", "PostgresStorage"]
