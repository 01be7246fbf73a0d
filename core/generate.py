"""Making boards that are never duds: rolls from real dice, rerolled up to a floor.

``floor_for`` is the one floor rule for the bot and the command line: at a size's official
minimum length, the 10th percentile of random boards with the shipped list (measured with
``bench/bench_core.py``: nine rolls in ten pass at once); at any other length, one word.
Pure: randomness comes in. The highest-scoring board is ``core.best``'s.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from core.board import Board
from core.dice import DiceSet
from core.lexicon import Lexicon
from core.scoring import default_min_length, total_score
from core.solver import Path, solve


class Floor(NamedTuple):
    """The least a rolled board must hold: this many words and this many points."""

    words: int
    points: int

    def met_by(self, words: int, points: int) -> bool:
        return words >= self.words and points >= self.points


# What about 90% of random rolls reach with data/words/en.txt at the size's official minimum length.
DEFAULT_FLOORS: dict[int, Floor] = {4: Floor(50, 60), 5: Floor(120, 200), 6: Floor(190, 340)}
ANY_WORD = Floor(1, 1)
DEFAULT_ATTEMPTS = 40


def floor_for(size: int, min_length: int | None = None) -> Floor:
    """The floor for a board side at a minimum word length (default: the side's official one).

    The measured floors hold only at the official minimum length; with another one, or a side
    without a measured floor, a board with one word will do.
    """
    official = default_min_length(size)
    if min_length is not None and min_length != official:
        return ANY_WORD
    return DEFAULT_FLOORS.get(size, ANY_WORD)


def roll_with_floor(
    dice: DiceSet,
    rng: random.Random,
    lexicon: Lexicon,
    min_length: int,
    min_words: int | None = None,
    min_points: int | None = None,
    max_attempts: int = DEFAULT_ATTEMPTS,
) -> tuple[Board, dict[str, Path]]:
    """Roll until the board has at least ``min_words`` words and ``min_points`` points.

    ``None`` takes that part of ``floor_for(dice.side, min_length)``. After ``max_attempts`` rolls
    the best board seen (most points, then most words) is returned, so a tiny word list cannot make
    it loop forever: check it against the floor where falling short matters.
    """
    default = floor_for(dice.side, min_length)
    floor = Floor(
        default.words if min_words is None else min_words,
        default.points if min_points is None else min_points,
    )
    best: tuple[int, int, Board, dict[str, Path]] | None = None
    for _ in range(max(1, max_attempts)):
        board = dice.roll(rng)
        words = solve(board, lexicon, min_length)
        points = total_score(words, min_length)
        if floor.met_by(len(words), points):
            return board, words
        if best is None or (points, len(words)) > (best[0], best[1]):
            best = (points, len(words), board, words)
    assert best is not None
    return best[2], best[3]


__all__ = [
    "ANY_WORD",
    "DEFAULT_ATTEMPTS",
    "DEFAULT_FLOORS",
    "Floor",
    "floor_for",
    "roll_with_floor",
]
