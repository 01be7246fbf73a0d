"""The search's scorers against the solver: the pure-Python one on every board, the compiled one
(where it builds) the same, and no board reported that the solver does not confirm."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import best, compiled
from core.best import AnnealSchedule, best_board, make_scorer
from core.best_workers import search
from core.board import Board
from core.letters import FACES
from core.lexicon import Lexicon
from core.scorer import BoardScorer
from core.scoring import total_score
from core.solver import solve
from tests.core.test_cli import WORDS

SMALL = Lexicon.from_words(WORDS)
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


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    shape=st.sampled_from([(2, 2), (3, 3), (2, 4), (4, 4)]),
    pure=st.booleans(),
)
def test_search_reports_only_boards_the_solver_confirms(
    seed: int, shape: tuple[int, int], pure: bool
) -> None:
    rows, cols = shape
    found = best_board(
        SMALL, rows, cols, 0, random.Random(seed), max_iterations=150, compiled=not pure,
        schedule=AnnealSchedule(steps=60),
    )  # fmt: skip
    assert found.points == total_score(solve(found.board, SMALL, 3), 3)
    assert found.words == solve(found.board, SMALL, 3)


class Liar:
    """A scorer that adds a point to every board."""

    def __init__(self, honest: BoardScorer) -> None:
        self.honest = honest

    def score(self, faces: Sequence[str]) -> int:
        return self.honest.score(faces) + 1


def test_a_scorer_the_solver_contradicts_is_never_reported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def lying(lexicon: Lexicon, rows: int, cols: int, min_length: int, compiled: bool = True):
        return Liar(BoardScorer(lexicon, rows, cols, min_length)), "python"

    monkeypatch.setattr(best, "make_scorer", lying)
    with pytest.raises(RuntimeError, match="solver"):
        best_board(SMALL, 3, 3, 0, random.Random(1), max_iterations=50)


def test_workers_find_at_least_what_one_finds_and_the_solver_agrees() -> None:
    one = search(SMALL, 3, 3, 1e9, 7, lambda: 0.0, max_iterations=400, workers=1)
    two = search(SMALL, 3, 3, 1e9, 7, lambda: 0.0, max_iterations=400, workers=2)
    assert not one.interrupted and not two.interrupted
    assert two.best.points >= one.best.points  # worker 0 runs the same seed
    assert two.best.points == total_score(solve(two.best.board, SMALL, 3), 3)
    assert two.best.evaluations >= 400
