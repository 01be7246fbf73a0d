"""What the tournaments feature hands its front ends: plain snapshots, no storage rows to
interpret."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.kernel.model import StoredTournament
from core.tournament import Placing


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
