"""The PostgreSQL engine (asyncpg with a pool, ``migrations/postgres/``)."""

from bot.storage.postgres.engine import PostgresEngine
from bot.storage.postgres.opening import MIGRATIONS_DIR

__all__ = ["MIGRATIONS_DIR", "PostgresEngine"]
