"""The achievement rules' quick paths against their definitions: a board's top ten ranked by
length groups against every word sorted by (points, length, spelling), and a round's figures on
real boards whether or not anyone found ten words."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from core.achievements import Measure, round_figures, top_ten
from core.board import Board
from core.dice import dice_set
from core.lexicon import Lexicon
from core.round import Mode, Round, Rules
from core.solver import Path

WORDS = st.lists(st.text("abcdeq", min_size=1, max_size=10), min_size=0, max_size=60, unique=True)
SCORES = st.lists(st.integers(0, 11), min_size=11, max_size=11)  # points by length 0-10


def by_definition(words: list[str], points: Callable[[str], int]) -> frozenset[str]:
    """Most points, then longest, then alphabetical: every word scored and sorted."""
    return frozenset(sorted(words, key=lambda w: (-points(w), -len(w), w))[:10])


@settings(max_examples=500, deadline=None)
@given(WORDS, SCORES)
def test_the_top_ten_is_the_definitions_for_any_score_by_length(
    words: list[str], scores: list[int]
) -> None:
    def points(word: str) -> int:
        return scores[len(word)]

    assert top_ten(words, points) == by_definition(words, points)


@settings(max_examples=200, deadline=None)
@given(WORDS, st.integers(1, 5))
def test_the_top_ten_is_the_definitions_under_the_rules_scoring(
    words: list[str], min_length: int
) -> None:
    rules = Rules(Mode.CLASSIC, min_length)
    assert top_ten(words, rules.points) == by_definition(words, rules.points)


def top_ten_held(
    lexicon: Lexicon, board: Board, solution: Mapping[str, Path], found: dict[int, list[str]]
) -> dict[int, int]:
    """Each player's TOP_TEN figure after a casual round in which they found ``found``."""
    rules = Rules(Mode.CASUAL)
    game = Round.start(board, lexicon, rules, 0.0, solution=solution)
    for player, words in found.items():
        for word in words:
            game.restore(player, word, 0.0)
    figures = round_figures(game.results(), rules, board.rows, solution, 12)
    for player in found.keys() & {1, 2}:  # those with the ten hold the longest word too
        assert figures[player][Measure.BOARD_LONGEST] == 1
    return {p: f[Measure.TOP_TEN] for p, f in figures.items()}


def test_a_rounds_figures_on_real_boards(lexicon: Lexicon) -> None:
    """Whoever holds the board's ten best words has the top ten (with more words, or exactly
    those, alone in the round), whoever misses one of them has not, and nobody has it on a board
    that is not 4x4."""
    rng = random.Random(7)
    for dice in ("4x4-new", "5x5-original"):
        checked = 0
        while checked < 20:
            board = dice_set(dice).roll(rng)
            solution = Round.start(board, lexicon, Rules(Mode.CASUAL), 0.0).solution
            if len(solution) < 12:
                continue
            best = by_definition(list(solution), Rules(Mode.CASUAL).points)
            other = min(set(solution) - best)
            nine = [*sorted(best)[1:], other]
            ten = int(board.rows == 4)
            held = top_ten_held(lexicon, board, solution, {1: [*best, other], 3: nine})
            assert held == {1: ten, 3: 0}
            assert top_ten_held(lexicon, board, solution, {2: list(best)}) == {2: ten}
            checked += 1
