"""The project's types that storage speaks, whatever the engine: no rows, no engine types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from core.round import Mode, Verdict

# How long a statement waits for another writer's lock before it gives up (transient).
DEFAULT_BUSY_TIMEOUT = 5.0


class RoundState(StrEnum):
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True)
class StoredRound:
    """A round as stored; ``board`` is the rows form that ``Board.parse`` reads back."""

    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    board: str
    dice: str
    size: int
    mode: Mode
    min_length: int
    started_at: float
    deadline: float  # moved by a stop; ``seconds`` keeps the length chosen
    state: RoundState = RoundState.RUNNING
    ended_at: float | None = None
    board_message_id: int | None = None
    status_message_id: int | None = None
    results_posted_at: float | None = None  # None: the results have not reached the channel
    seconds: int | None = None  # the round's length as chosen at its start

    @property
    def running(self) -> bool:
        return self.state is RoundState.RUNNING

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> StoredRound:
        """A round from its row read by column name (every engine names them as the fields)."""
        values = dict(columns)
        return cls(**values | {"mode": Mode(values["mode"]), "state": RoundState(values["state"])})


class GuessRow(NamedTuple):
    """One judged guess, as the guess writer hands it to storage."""

    round_id: int
    player_id: int
    word: str
    verdict: Verdict
    points: int
    at: float


class AcceptedWord(NamedTuple):
    """A word accepted in a round: what a round is scored from and rebuilt from."""

    player_id: int
    word: str
    at: float


@dataclass(frozen=True)
class LeaderboardEntry:
    """A player's standing in a guild; equal points share a rank (1, 1, 3)."""

    rank: int
    user_id: int
    display_name: str | None  # None when the bot never learnt a name
    points: int
    rounds: int
    words: int
