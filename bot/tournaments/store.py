"""What the tournaments feature needs of the database (only the queries it uses), and how it
shows what it decides (``Poster``: the channel, ``Calendar``: Discord's scheduled events)."""

from __future__ import annotations

from typing import Protocol

from bot.rounds.model import AcceptedWord, StoredRound
from bot.storage.names_sql import PlayerNameSQL
from bot.tournaments.model import Entrants, Standings, StoredTournament
from bot.tournaments.sql import TournamentSQL


class TournamentStore(TournamentSQL, PlayerNameSQL, Protocol):
    """The queries the service makes: its own SQL (the store's signatures are the SQL's, written
    once), the players' names, and the two reads of a tournament's rounds."""

    async def get_round(self, round_id: int) -> StoredRound | None: ...
    async def accepted_words(self, round_id: int) -> list[AcceptedWord]: ...


class PostFailed(Exception):
    """The platform did not take a post; ``reason`` is its own words, for the logs."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Poster(Protocol):
    """The tournament's channel. Every method raises ``PostFailed``."""

    async def wait_until_ready(self) -> None: ...
    async def signup(self, entrants: Entrants, open: bool, message_id: int | None) -> int:
        """Post the sign-up (``message_id`` None) or edit it; the message's id."""
        ...

    async def notice(self, channel_id: int, line: str) -> None:
        """One line in the channel (written by the service, in the tournament's language)."""
        ...

    async def standings(self, standings: Standings) -> None: ...
    async def podium(self, standings: Standings) -> None: ...


class Calendar(Protocol):
    """Discord's scheduled events; each False/None where the bot may not (no permission)."""

    async def create(
        self, tournament: StoredTournament, location: str, end_at: float, description: str
    ) -> int | None: ...
    async def start(self, guild_id: int, event_id: int) -> bool: ...
    async def end(self, guild_id: int, event_id: int, cancelled: bool) -> bool: ...
