"""What the rounds ask of a database: their own SQL (``sql.RoundSQL``) and players' names
(``bot.storage.names_sql``), never the whole storage; and what another feature adds to a round's
finish, in its transaction (``AtFinish``)."""

from __future__ import annotations

from typing import Protocol

from bot.rounds.sql import RoundSQL, Totals
from bot.rounds.view import RoundView
from bot.storage.database import Session
from bot.storage.names_sql import PlayerNameSQL
from core.round import Results

__all__ = ["AtFinish", "RoundStore", "Totals"]


class RoundStore(RoundSQL, PlayerNameSQL, Protocol):
    """The rounds' queries and the names their boards and results show."""


class AtFinish(Protocol):
    """Another feature's part of a round's finish (``RoundService(at_finish=...)``, given once
    when the service is built): run in the finish's own transaction, after the results and the
    standings, so that what it writes is kept or lost with them and a round's end pays one
    commit. Not an event: a listener of the bus runs as a task of its own and its failure is
    only logged, so the finish could commit without it. ``totals``: the players' standings as
    they now stand; ``session``: the transaction, for the feature's own SQL."""

    async def __call__(
        self, round: RoundView, results: Results, totals: Totals, session: Session
    ) -> None: ...
