"""Daily streaks: how many days in a row a player has finished a fair daily board.

The days are the local dates of a player's finished, unflagged attempts, in any language and any
server (a day counts once however many languages were played). A streak is current while its
last day is yesterday or later: it is not broken until a whole day passes without a game. A date
after ``today`` (a server in a zone ahead of the caller's may already be on tomorrow's board) is a
day like any other: the run must still hold every date up to it, so playing yesterday's and
tomorrow's boards but not today's is two runs.
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
