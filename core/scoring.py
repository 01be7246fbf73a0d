"""Scoring: points per word by its spelled length (``Qu`` counts 2 letters).

The 4x4 and Big Boggle tables agree from 4 letters up and differ only in the minimum length, so
one table serves every size: with a minimum of 3, a 3-letter word scores 1 on any board.
"""

from __future__ import annotations

from collections.abc import Iterable

# Points for spelled lengths 0, 1, 2, ... ; anything longer scores the last entry.
TABLE: tuple[int, ...] = (0, 0, 0, 1, 1, 2, 3, 5, 11)


def default_min_length(size: int) -> int:
    """Official minimum: 3 letters on boards up to 4x4, 4 on Big Boggle and larger."""
    return 3 if size <= 4 else 4


def word_score(word: str, min_length: int = 3) -> int:
    """Points for one word: 0 below the minimum length."""
    length = len(word)
    if length < min_length:
        return 0
    return TABLE[min(length, len(TABLE) - 1)]


def longest_first(word: str) -> tuple[int, str]:
    """Longest first, then alphabetical: the order a round's results list words in; points never
    fall as a word grows longer (``TABLE``), so it is also best first."""
    return -len(word), word


def total_score(words: Iterable[str], min_length: int = 3) -> int:
    return sum(word_score(w, min_length) for w in words)


def points_by_length(min_length: int) -> list[tuple[int, int]]:
    """The scoring table as players read it: (letters, points) from the minimum length up; the
    last row holds for every longer word too."""
    longest = len(TABLE) - 1
    return [(n, TABLE[n]) for n in range(min(min_length, longest), longest + 1)]
