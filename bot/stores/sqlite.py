"""The bot's SQLite database: the SQLite engine with every feature's SQL."""

from __future__ import annotations

from typing import final

from bot.storage.sqlite import SQLiteEngine
from bot.stores import FeatureSQL


@final  # mypy: a final class may leave no member of the interface abstract
class SQLiteStorage(SQLiteEngine, FeatureSQL):
    """``await SQLiteStorage.open(path)`` (or ``Storage.open``)."""
