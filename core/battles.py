"""Server battles on the daily board: the calendar and the "best five" rule, pure.

A server's day is the mean of its best five players' points (missing players count zero), kept
as the sum (``day_points``) and divided by ``BEST`` only when shown, so never rounded. Weeks run
Monday to Sunday in the daily board's dates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction

BEST = 5  # the players a server's day counts
WEEK_DAYS = 7


@dataclass(frozen=True)
class BattlePlace:
    """A server's place in a table of ``servers`` servers (a week's or a day's), with its
    points: what ``/battle`` shows, and the day's place under the daily board's end-of-day post."""

    place: int
    points: int
    servers: int


def week_start(day: date) -> date:
    """The Monday of ``day``'s week."""
    return day - timedelta(days=day.weekday())


def week_days(monday: date) -> list[date]:
    """The seven dates of the week that starts on ``monday``, Monday to Sunday."""
    return [monday + timedelta(days=n) for n in range(WEEK_DAYS)]


def day_points(points: Iterable[int]) -> int:
    """The best ``BEST`` players' points of a day added up (the fair attempts' points)."""
    return sum(sorted(points, reverse=True)[:BEST])


def score(points: int) -> Fraction:
    """What a day's (or a week's) best-five points are worth: their mean over ``BEST``."""
    return Fraction(points, BEST)


def shown(points: int) -> str:
    """The score as players read it: a whole number, or one decimal (a fifth is 0.2)."""
    whole, fifths = divmod(points, BEST)
    return str(whole) if not fifths else f"{whole}.{fifths * 2}"


__all__ = [
    "BEST",
    "WEEK_DAYS",
    "BattlePlace",
    "day_points",
    "score",
    "shown",
    "week_days",
    "week_start",
]
