"""Hints (core/hints.py): the words starting at each die, against a brute force over every path."""

from __future__ import annotations

import random

from hypothesis import given, settings

from core.board import Board
from core.dice import dice_set
from core.hints import word_starts
from core.lexicon import Lexicon
from core.solver import solve
from tests.core.brute import adjacency, boards_and_words


def brute_starts(board: Board, words: set[str]) -> list[int]:
    """Every legal path from each cell, walked while it spells the start of some word; a cell's
    count is the distinct words spelled from it."""
    prefixes = {w[:i] for w in words for i in range(1, len(w) + 1)}
    around = adjacency(board)

    def walk(cell: int, used: frozenset[int], text: str, spelled: set[str]) -> set[str]:
        text += board.cells[cell]
        if text in prefixes:
            if text in words:
                spelled.add(text)
            for n in around[cell]:
                if board.cells[n] and n not in used:
                    walk(n, used | {n}, text, spelled)
        return spelled

    return [
        len(walk(start, frozenset({start}), "", set())) if board.cells[start] else 0
        for start in range(len(board.cells))
    ]


def test_real_rolls_match_the_brute_force(lexicon: Lexicon) -> None:
    rng = random.Random(11)
    for name, min_length in (("4x4-new", 3), ("5x5-original", 4), ("6x6-superbig", 4)):
        for _ in range(3):
            board = dice_set(name).roll(rng)
            solution = solve(board, lexicon, min_length)
            starts = word_starts(board, solution)
            assert list(starts) == brute_starts(board, set(solution))
            assert sum(starts) >= len(solution)  # a word may start on two dice


@settings(max_examples=150, deadline=None)
@given(boards_and_words(max_side=4, min_words=5, max_words=60))
def test_any_board_and_words_match_the_brute_force(case: tuple[Board, list[str], int]) -> None:
    board, words, min_length = case
    solution = solve(board, Lexicon.from_words(words), min_length)
    assert list(word_starts(board, solution)) == brute_starts(board, set(solution))


def test_a_word_on_two_dice_counts_on_both_and_blanks_count_nothing() -> None:
    board = Board.parse("tea/.x./aet")
    solution = solve(board, Lexicon.from_words(["tea", "eat"]), 3)
    assert list(solution) == ["tea"]  # one path kept, from the first T
    assert word_starts(board, solution) == (1, 0, 0, 0, 0, 0, 0, 0, 1)
