"""The seasons' types: a server's season settings, a finished season as archived, and a
season's standings as the front ends show them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.kernel.rows import converted
from core.seasons import Place, SeasonLength


@dataclass(frozen=True)
class SeasonSettings:
    """A server's seasons: their length, the recap's channel and the champion's role."""

    guild_id: int
    length: SeasonLength = SeasonLength.MONTH
    announce_channel: int | None = None  # None: the daily channel
    champion_role: int | None = None

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> SeasonSettings:
        return cls(**converted(columns, length=SeasonLength))


@dataclass(frozen=True)
class ArchivedSeason:
    """A finished season of a server: numbered after the server's last when it is archived."""

    guild_id: int
    number: int
    name: str
    starts_at: float
    ends_at: float
    champion_id: int | None
    archived_at: float


@dataclass(frozen=True)
class SeasonStandings:
    """A season's places as ``/leaderboard`` and the page show them."""

    name: str
    number: int  # the current season: the number it will be archived as
    current: bool
    places: tuple[Place, ...]
    names: Mapping[int, str]
    language: str
