"""What the rounds ask of a database: their own SQL (``sql.RoundSQL``) and players' names
(``bot.kernel.names_sql``), never the whole storage."""

from __future__ import annotations

from typing import Protocol

from bot.kernel.names_sql import PlayerNameSQL
from bot.rounds.sql import RoundSQL


class RoundStore(RoundSQL, PlayerNameSQL, Protocol):
    """The rounds' queries and the names their boards and results show."""
