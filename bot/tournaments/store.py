"""What the tournaments feature needs of the database: only the queries it uses (what it shows
is owed on the outbox: ``bot.tournaments.posts``)."""

from __future__ import annotations

from typing import Protocol

from bot.rounds.model import AcceptedWord, StoredRound
from bot.storage.names_sql import PlayerNameSQL
from bot.tournaments.sql import TournamentSQL


class TournamentStore(TournamentSQL, PlayerNameSQL, Protocol):
    """The queries the service makes: its own SQL (the store's signatures are the SQL's, written
    once), the players' names, and the two reads of a tournament's rounds."""

    async def get_round(self, round_id: int) -> StoredRound | None: ...
    async def accepted_words(self, round_id: int) -> list[AcceptedWord]: ...
