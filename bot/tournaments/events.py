"""What the tournaments feature tells others: a tournament finished, its podium posted."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class TournamentEnded:
    """A server's tournament is over (told once, by the process that finished it); ``places``
    lists its entrants from the winner down."""

    guild_id: int
    channel_id: int
    tournament_id: int
    places: tuple[int, ...]
    names: Mapping[int, str]
    language: str
