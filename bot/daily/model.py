"""The daily board's types: an attempt, its guesses, a day's ranking, the servers that post it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from bot.kernel.rows import converted
from core.daily import DAILY_SECONDS
from core.round import Verdict

DAILY_HISTORY = 10  # the latest attempts /stats shows


@dataclass(frozen=True)
class DailyAttempt:
    """A player's attempt at a day's board; ``day`` is the local date (ISO) where it was opened,
    its deadline ``started_at + seconds``; points, words and finished_at are None until it is
    finished. A flagged result is kept but counts in no ranking, leaderboard or streak."""

    id: int
    player_id: int
    language: str
    day: str
    day_number: int
    guild_id: int | None  # None: a DM or a user install
    channel_id: int
    board: str  # rows form, as StoredRound.board
    max_points: int
    seconds: int
    started_at: float
    finished_at: float | None = None
    points: int | None = None
    words: int | None = None
    flagged: bool = False

    @property
    def date(self) -> date:
        return date.fromisoformat(self.day)

    @property
    def deadline(self) -> float:
        return self.started_at + self.seconds

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def time_left(self, now: float) -> float:
        """Seconds the player still has at ``now`` (0 once over): from the stored start, so a
        restart changes nothing."""
        return 0.0 if self.finished else max(0.0, self.deadline - now)

    @property
    def share(self) -> float | None:
        """Points as a share of the board's maximum (None before the finish or on a board worth
        nothing)."""
        return (
            self.points / self.max_points if self.points is not None and self.max_points else None
        )

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> DailyAttempt:
        return cls(**converted(columns, flagged=bool))


@dataclass(frozen=True)
class DailyOpening:
    """What a player's start at a day's board stores: ``start_daily``'s one argument."""

    player_id: int
    language: str
    day: date
    guild_id: int | None  # None: a DM or a user install
    channel_id: int
    board: str  # rows form, as StoredRound.board
    max_points: int
    started_at: float
    seconds: int = DAILY_SECONDS  # the attempt's length: its deadline is ``started_at + seconds``


class DailyStart(NamedTuple):
    """What ``start_daily`` found: the attempt, and whether it existed already (a refusal for a
    second attempt, or the one in progress to resume)."""

    attempt: DailyAttempt
    existed: bool


class DailyGuess(NamedTuple):
    """A judged guess of a daily attempt; ``elapsed`` is seconds from the board's opening."""

    word: str
    verdict: Verdict
    points: int
    elapsed: float


@dataclass(frozen=True)
class DailyRanked:
    """A player's place on a server's day in one language; equal points share a rank."""

    rank: int
    player_id: int
    display_name: str | None
    points: int
    words: int
    max_points: int


class DailyChannel(NamedTuple):
    """A server with a channel for its end-of-day post, and its time zone (None: UTC)."""

    guild_id: int
    channel_id: int
    timezone: str | None
