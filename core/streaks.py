"""Daily streaks: how many days in a row a player has finished a fair daily board.

A day counts once whatever the languages; a streak lasts until a whole day passes without a
game. A date after ``today`` (a zone already on tomorrow's board) is a day like any other.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

_DAY = timedelta(days=1)


@dataclass(frozen=True)
class Streak:
    """The run of days ending today or yesterday (``current``) and the longest run ever."""

    current: int
    longest: int


def streak(days: Iterable[date], today: date) -> Streak:
    """The player's streaks, given the dates they finished a fair attempt and the caller's today."""
    ordered = sorted(set(days))
    longest = run = 0
    previous: date | None = None
    for day in ordered:
        run = run + 1 if previous is not None and day - previous == _DAY else 1
        longest = max(longest, run)
        previous = day
    current = run if previous is not None and previous >= today - _DAY else 0
    return Streak(current=current, longest=longest)


__all__ = ["Streak", "streak"]
