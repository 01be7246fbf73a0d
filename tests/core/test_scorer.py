"""The search's scorers against the solver: the pure-Python one on every board, and the compiled
one (where it builds) the same."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import compiled
from core.best import make_scorer
from core.board import Board
from core.letters import FACES
from core.lexicon import Lexicon
from core.scorer import BoardScorer
from core.scoring import total_score
from core.solver import solve

shapes = st.sampled_from([(1, 1), (2, 3), (3, 3), (4, 4), (3, 5), (5, 5)])
# Common letters, so random boards hold words; qu for the two-letter face.
letters = st.sampled_from([*"aeirstnolcdpgu", "qu", "e", "s"])


@settings(max_examples=150, deadline=None)
@given(shape=shapes, data=st.data(), min_length=st.integers(1, 5))
def test_python_scorer_is_the_solver(
    en_lexicon: Lexicon, shape: tuple[int, int], data: st.DataObject, min_length: int
) -> None:
    rows, cols = shape
    faces = data.draw(st.lists(letters, min_size=rows * cols, max_size=rows * cols))
    board = Board(rows, cols, tuple(faces))
    expected = total_score(solve(board, en_lexicon, min_length), min_length)
    assert BoardScorer(en_lexicon, rows, cols, min_length).score(faces) == expected


def compiled_or_skip(scorer: BoardScorer) -> compiled.CompiledScorer:
    fast = compiled.compiled_scorer(scorer)
    if fast is None:
        pytest.skip("no C compiler here: the pure-Python scorer is the one that runs")
    return fast


@settings(max_examples=150, deadline=None)
@given(shape=shapes, data=st.data(), min_length=st.integers(1, 5))
def test_compiled_scorer_gives_the_same_points(
    en_lexicon: Lexicon, shape: tuple[int, int], data: st.DataObject, min_length: int
) -> None:
    rows, cols = shape
    python = BoardScorer(en_lexicon, rows, cols, min_length)
    fast = compiled_or_skip(python)
    for _ in range(5):
        faces = data.draw(st.lists(letters, min_size=rows * cols, max_size=rows * cols))
        assert fast.score(faces) == python.score(faces), faces


def test_compiled_scorer_on_the_published_board_and_many_stamps(en_lexicon: Lexicon) -> None:
    python = BoardScorer(en_lexicon, 4, 4)
    fast = compiled_or_skip(python)
    board = Board.parse("perslatgsineters").cells
    expected = python.score(board)
    assert [fast.score(board) for _ in range(3)] == [expected] * 3  # words seen are reset each time
    rng = random.Random(3)
    for _ in range(200):
        faces = rng.choices(FACES, k=16)
        assert fast.score(faces) == python.score(faces)


def test_no_compiler_falls_back_to_python(
    en_lexicon: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(compiled.PURE_ENV, "1")
    assert make_scorer(en_lexicon, 4, 4, 3)[1] == "python"
    monkeypatch.delenv(compiled.PURE_ENV)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.setattr(compiled, "_library", compiled._library.__wrapped__)  # no cached load
    monkeypatch.setenv("BOGGLE_CACHE_DIR", "/nonexistent-cache-dir")
    assert compiled.compiled_scorer(BoardScorer(en_lexicon, 4, 4)) is None
    assert make_scorer(en_lexicon, 4, 4, 3)[1] == "python"
