"""The daily board: one board a day per language, the same in every server, one attempt each.

Rolled from a seed of the date and language, so every process rolls the same board without
storing it first. Fixed rules for everyone: 4x4, three minutes, classic scoring.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from datetime import date

from core.board import Board
from core.dice import DiceSet, dice_set
from core.generate import roll_with_floor
from core.languages import language as language_named
from core.lexicon import Lexicon
from core.round import Mode, Rules
from core.scoring import default_min_length, total_score
from core.solver import Path

DAILY_SIZE = 4
DAILY_SECONDS = 180  # from the moment a player opens the board
# A day's end-of-day post waits this long after its midnight: an attempt opened just before
# midnight plays on for DAILY_SECONDS, and the slack covers a board made slowly at the start and
# a deadline just missed by the timer, so the post's ranking is complete.
DAILY_POST_SLACK = 30
DAILY_POST_DELAY = DAILY_SECONDS + DAILY_POST_SLACK
DAILY_RULES = Rules(Mode.CLASSIC, default_min_length(DAILY_SIZE))
EPOCH = date(2025, 1, 1)  # day #1; fixed for good, since shared results name their number
_SEED_SALT = "boggle-daily-v1"  # a new salt gives every date a new board: never change it


def day_number(day: date) -> int:
    """The day's number as players see it ("#N"): 1 on ``EPOCH``."""
    return (day - EPOCH).days + 1


def daily_seed(day: date, language: str) -> int:
    """The seed of the board of ``day`` in ``language``: the same on every machine and Python
    (a hash of both, not ``hash()``, which is salted per process)."""
    digest = hashlib.sha256(f"{_SEED_SALT}/{language}/{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class DailyBoard:
    """The board of one day in one language, solved."""

    day: date
    language: str
    number: int
    dice: str
    board: Board
    words: dict[str, Path]
    max_points: int


def daily_board(
    day: date, language: str, lexicon: Lexicon, dice: DiceSet | None = None
) -> DailyBoard:
    """The board of ``day`` in ``language``: ``lexicon`` is that language's, ``dice`` a 4x4 set
    (default: the language's own)."""
    dice = dice or dice_set(language_named(language).default_dice(DAILY_SIZE))
    rng = random.Random(daily_seed(day, language))
    board, words = roll_with_floor(dice, rng, lexicon, DAILY_RULES.min_length)
    return DailyBoard(
        day=day,
        language=language,
        number=day_number(day),
        dice=dice.name,
        board=board,
        words=words,
        max_points=total_score(words, DAILY_RULES.min_length),
    )


@dataclass(frozen=True)
class ShareSummary:
    """What a player's shared result shows: no words, so it spoils nothing."""

    number: int
    language: str
    words: int
    points: int
    max_points: int
    streak: int

    @property
    def percent(self) -> int:
        """Points as a whole percentage of the board's maximum, rounded down (100 only when
        everything was found)."""
        return self.points * 100 // self.max_points if self.max_points else 0


def share_summary(
    day: date, language: str, words: int, points: int, max_points: int, streak: int
) -> ShareSummary:
    """The shareable summary of a finished attempt on ``day``'s board."""
    return ShareSummary(day_number(day), language, words, points, max_points, streak)


__all__ = [
    "DAILY_POST_DELAY",
    "DAILY_POST_SLACK",
    "DAILY_RULES",
    "DAILY_SECONDS",
    "DAILY_SIZE",
    "EPOCH",
    "DailyBoard",
    "ShareSummary",
    "daily_board",
    "daily_seed",
    "day_number",
    "share_summary",
]
