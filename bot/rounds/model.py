"""The rounds' stored types: a round as stored, a judged guess as the writer hands it, an
accepted word."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from bot.kernel.rows import converted
from core.round import Mode, Verdict
from core.rules import Timer

RESULTS = "round results"  # the outbox's kind: a round's results in its channel


@dataclass(frozen=True)
class OwedResults:
    """A round's results owed to its channel (the outbox's payload): drawn when they are sent,
    from what the finish stored."""

    round_id: int


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
    excluded: str = ""  # the server's banned words this board holds, space-separated
    hints: bool = False  # the board shows the words starting at each die
    language: str = DEFAULT_LANGUAGE  # the round's messages (and, once wired, its words)
    dictionary: str = DEFAULT_DICTIONARY  # "full" or "everyday"
    entrants: str | None = None  # a tournament round's entrants, space-separated ids
    timer: Timer = Timer.STANDARD  # how its deadline moves (bonus, untimed: stored as it moves)
    quiet_seconds: int | None = None  # untimed: it ends this long after its last new word

    @property
    def running(self) -> bool:
        return self.state is RoundState.RUNNING

    @property
    def entrant_ids(self) -> frozenset[int] | None:
        """Whose words count (a tournament round); None: everyone's."""
        return None if self.entrants is None else frozenset(map(int, self.entrants.split()))

    @property
    def excluded_words(self) -> frozenset[str]:
        """The words that did not count in this round, as the server's list was at its start."""
        return frozenset(self.excluded.split())

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> StoredRound:
        """A round from its row read by column name (every engine names them as the fields)."""
        values = {"timer": Timer.STANDARD} | dict(columns)
        return cls(**converted(values, mode=Mode, state=RoundState, hints=bool, timer=Timer))


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
