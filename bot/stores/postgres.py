"""The bot's PostgreSQL database: the PostgreSQL engine with every feature's SQL."""

from __future__ import annotations

from typing import final

from bot.storage.postgres import PostgresEngine
from bot.stores import FeatureSQL


@final  # mypy: a final class may leave no member of the interface abstract
class PostgresStorage(PostgresEngine, FeatureSQL):
    """``await PostgresStorage.open(url)`` (or ``Storage.open``)."""
