"""The tournaments' types: a tournament as stored, a player's record, and what the feature hands
its front ends (plain snapshots, no storage rows to interpret)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.kernel.rows import converted
from core.round import Mode
from core.tournament import Format, Placing


class TournamentState(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored: its settings, its rounds' options, and where it stands."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: Format
    rounds: int
    break_seconds: int
    starts_at: float | None  # None: when the organiser starts it
    size: int
    dice: str
    seconds: int
    mode: Mode
    min_length: int
    language: str
    dictionary: str
    state: TournamentState
    played: int  # rounds whose scores are added
    announced: int  # rounds whose standings (the last: the podium) went out
    next_at: float | None  # running: when the next round is due
    opening_at: float | None  # a round is being opened since then
    round_id: int | None  # the round being played
    signup_message_id: int | None
    event_id: int | None  # the Discord scheduled event
    created_at: float
    ended_at: float | None = None

    @property
    def open(self) -> bool:
        return self.state in (TournamentState.SIGNUP, TournamentState.RUNNING)

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> StoredTournament:
        return cls(**converted(columns, format=Format, mode=Mode, state=TournamentState))


@dataclass(frozen=True)
class TournamentRecord:
    """A player's tournaments in a guild, for /stats."""

    played: int
    won: int
    podiums: int


@dataclass(frozen=True)
class Entrants:
    """A tournament and its entrants (sign-up order), named."""

    tournament: StoredTournament
    players: tuple[int, ...]
    names: Mapping[int, str]

    def name(self, player: int) -> str:
        return self.names.get(player, f"player {player}")


@dataclass(frozen=True)
class Standings:
    """Where a tournament stands after ``played`` rounds: every entrant placed, named."""

    tournament: StoredTournament
    played: int
    placings: tuple[Placing, ...]
    names: Mapping[int, str]
    still_in: tuple[int, ...]  # who plays the next round
    next_at: float | None = None  # when the next round starts (None: it is over, or not yet set)

    def name(self, player: int) -> str:
        return self.names.get(player, f"player {player}")


@dataclass(frozen=True)
class Created:
    """A new tournament, and whether Discord's scheduled event could be made (None: not asked
    for, the start being the organiser's)."""

    entrants: Entrants
    event: bool | None
