"""A co-op round's score: the team's share of the board's points, its medal and its next target.

Pure arithmetic on whole points (no float thresholds): bronze at a quarter of the board's points,
silver at half, gold at three quarters, and "every word" when the team found them all.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from core.scoring import word_score


class Medal(StrEnum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"
    EVERY_WORD = "every_word"


# Each medal by the quarters of the board's points it needs (every word: all the words).
_QUARTERS = ((Medal.BRONZE, 1), (Medal.SILVER, 2), (Medal.GOLD, 3))


def team_percent(points: float, max_points: float = 1.0) -> int:
    """A share in whole percent, rounded down: the team's (or a player's) share everywhere.

    A share stored as a fraction passes ``max_points`` 1; the float's error is absorbed."""
    if max_points <= 0:
        return 0
    return math.floor(points * 100 / max_points + 1e-9)


@dataclass(frozen=True)
class Target:
    medal: Medal
    points: int  # the team's points that win it (every word: the board's points)


@dataclass(frozen=True)
class TeamScore:
    """What the team found of the board: points and words, of the board's."""

    points: int
    max_points: int
    words: int
    total_words: int

    @property
    def percent(self) -> int:
        """The share of the board's points in whole percent, rounded down."""
        return team_percent(self.points, self.max_points)

    @property
    def medal(self) -> Medal | None:
        """The best medal won; None below bronze."""
        if self.total_words and self.words >= self.total_words:
            return Medal.EVERY_WORD
        won = None
        for medal, quarters in _QUARTERS:
            if self.points * 4 >= self.max_points * quarters and self.max_points:
                won = medal
        return won

    @property
    def next_target(self) -> Target | None:
        """The next medal and the points it needs; None once every word is found."""
        for medal, quarters in _QUARTERS:
            needed = -(-self.max_points * quarters // 4)  # rounded up
            if self.points < needed:
                return Target(medal, needed)
        if self.words < self.total_words:
            return Target(Medal.EVERY_WORD, self.max_points)
        return None


def team_score(found: Iterable[str], solution: Mapping[str, object], min_length: int) -> TeamScore:
    """The team's score: each board word found counts once, whoever found it."""
    words = {w for w in found if w in solution}
    return TeamScore(
        sum(word_score(w, min_length) for w in words),
        sum(word_score(w, min_length) for w in solution),
        len(words),
        len(solution),
    )
