"""The PostgreSQL engine of the storage interface (asyncpg with a pool, ``migrations/postgres/``)."""

from .opening import MIGRATIONS_DIR
from .storage import PostgresStorage

__all__ = ["MIGRATIONS_DIR", "PostgresStorage"]
