"""What a server battle is made of, as storage returns it and front ends show it (up to a week
as ``/battle`` shows it). Points are the best five's points added up (``core.battles``): a score
is that over five."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from core.battles import BattlePlace


@dataclass(frozen=True)
class BattleEntry:
    """Whether a server takes part, and under which name (its own when it set none)."""

    joined: bool
    name: str | None  # the name it set for battles
    guild_name: str | None  # its own name, as last seen

    @property
    def shown_name(self) -> str | None:
        return self.name or self.guild_name


@dataclass(frozen=True)
class BattleRow:
    """A server's line in a week's (or a day's) table."""

    place: int
    guild_id: int
    name: str
    points: int


@dataclass(frozen=True)
class Contribution:
    """What a player's days among the server's best five gave it this week."""

    player_id: int
    name: str | None
    points: int
    days: int


@dataclass(frozen=True)
class PastWeek:
    """One of the server's past weeks: its points and its place then."""

    week: date
    points: int
    place: int


@dataclass(frozen=True)
class EntryChanged:
    """A server's entry as it now is, in the server's ``language``."""

    entry: BattleEntry
    language: str


@dataclass(frozen=True)
class BattleWeek:
    """What ``/battle`` shows: this week's table in ``language`` (the board's), the server's
    place and its best players' contributions, last week's winners and the server's history;
    ``reader`` is the language it is written in."""

    language: str
    reader: str
    week: date  # its Monday
    today: date
    table: list[BattleRow]
    entry: BattleEntry
    place: BattlePlace | None
    contributions: list[Contribution]
    winners: list[BattleRow]
    history: list[PastWeek]
