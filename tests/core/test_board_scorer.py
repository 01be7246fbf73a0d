"""The search's scorer against the solver, on random boards of every shape and minimum length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.board import Board
from core.board_scorer import BoardScorer
from core.lexicon import Lexicon
from core.scoring import total_score
from core.solver import solve
from tests.profiles import brute, sized

shapes = st.sampled_from([(1, 1), (2, 3), (3, 3), (4, 4), (3, 5), (5, 5)])
# Common letters, so random boards hold words; qu for the two-letter face.
letters = st.sampled_from([*"aeirstnolcdpgu", "qu", "e", "s"])


@brute
@settings(max_examples=sized(150), deadline=None)
@given(shape=shapes, data=st.data(), min_length=st.integers(1, 5))
def test_python_scorer_is_the_solver(
    en_lexicon: Lexicon, shape: tuple[int, int], data: st.DataObject, min_length: int
) -> None:
    rows, cols = shape
    faces = data.draw(st.lists(letters, min_size=rows * cols, max_size=rows * cols))
    board = Board(rows, cols, tuple(faces))
    expected = total_score(solve(board, en_lexicon, min_length), min_length)
    assert BoardScorer(en_lexicon, rows, cols, min_length).score(faces) == expected
