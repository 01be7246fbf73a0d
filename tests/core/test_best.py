"""The search for the best board: only boards the solver confirms are reported, its moves and
hill-climb, one search a core, Ctrl-C, and the terminal's status line."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import best
from core.best import AnnealSchedule, _polish, _shift, best_board, lines_of
from core.best_workers import Progress, search
from core.board_scorer import BoardScorer
from core.cli import main
from core.letters import FACES
from core.lexicon import Lexicon
from core.scoring import total_score
from core.solver import solve
from tests.core.test_cli import WORDS

SMALL = Lexicon.from_words(WORDS)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    shape=st.sampled_from([(2, 2), (3, 3), (2, 4), (4, 4)]),
)
def test_search_reports_only_boards_the_solver_confirms(seed: int, shape: tuple[int, int]) -> None:
    rows, cols = shape
    found = best_board(
        SMALL, rows, cols, 0, random.Random(seed), max_iterations=150,
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
    def lying(lexicon: Lexicon, rows: int, cols: int, min_length: int) -> Liar:
        return Liar(BoardScorer(lexicon, rows, cols, min_length))

    monkeypatch.setattr(best, "BoardScorer", lying)
    with pytest.raises(RuntimeError, match="solver"):
        best_board(SMALL, 3, 3, 0, random.Random(1), max_iterations=50)


def test_workers_find_at_least_what_one_finds_and_the_solver_agrees() -> None:
    one = search(SMALL, 3, 3, 1e9, 7, lambda: 0.0, max_iterations=400, workers=1)
    two = search(SMALL, 3, 3, 1e9, 7, lambda: 0.0, max_iterations=400, workers=2)
    assert not one.interrupted and not two.interrupted
    assert two.best.points >= one.best.points  # worker 0 runs the same seed
    assert two.best.points == total_score(solve(two.best.board, SMALL, 3), 3)
    assert two.best.evaluations <= two.best.scored  # by the time it was heard, and in all
    assert 2 * 384 <= two.best.scored <= 2 * 400 + 128  # counted every 64 boards


def test_lines_run_both_ways_along_rows_and_columns() -> None:
    assert lines_of(2, 3) == [(0, 1, 2), (3, 4, 5), (0, 3), (1, 4), (2, 5),
                              (2, 1, 0), (5, 4, 3), (3, 0), (4, 1), (5, 2)]  # fmt: skip
    assert lines_of(1, 1) == []
    assert lines_of(1, 3) == [(0, 1, 2), (2, 1, 0)]


def test_a_shift_slides_a_line_and_keeps_its_neighbours() -> None:
    faces = list("slpseiaerntrsegs")
    before = _shift(faces, (3, 2, 1, 0), "t")  # the top row slides right; t comes in on the left
    assert "".join(faces) == "tslpeiaerntrsegs" and before == list("spls")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), shape=st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_polish_ends_where_no_move_helps(seed: int, shape: tuple[int, int]) -> None:
    rows, cols = shape
    scorer = BoardScorer(SMALL, rows, cols)
    faces = random.Random(seed).choices("abcdeilnorstu", k=rows * cols)
    lines = lines_of(rows, cols)
    _polish(faces, lines, FACES, scorer.score, lambda: False)
    score = scorer.score(faces)
    for cell in range(len(faces)):
        for face in FACES:
            assert scorer.score([*faces[:cell], face, *faces[cell + 1 :]]) <= score
    for line in lines:
        for face in FACES:
            moved = list(faces)
            _shift(moved, line, face)
            assert scorer.score(moved) <= score


def ticking(limit: int | None = None) -> Callable[[], float]:
    """A clock a second a call; Ctrl-C (once) at call ``limit``."""
    calls = [0]

    def clock() -> float:
        calls[0] += 1
        if calls[0] == limit:
            raise KeyboardInterrupt
        return float(calls[0])

    return clock


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_with_the_best_board_so_far(workers: int) -> None:
    outcome = search(SMALL, 3, 3, 1e9, 5, ticking(200), workers=workers)
    assert outcome.interrupted
    found = outcome.best
    assert found.points > 0 and found.points == total_score(solve(found.board, SMALL, 3), 3)


def test_status_line_on_a_terminal(tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    words = tmp_path / "words.txt"
    words.write_text("\n".join(WORDS))
    out, err = io.StringIO(), Terminal()
    argv = ["best", "--size", "3", "--seconds", "30", "--workers", "1", "--seed", "3"]
    argv += ["--dict", str(words), "--cache-dir", str(tmp_path)]
    assert main(argv, stdout=out, stderr=err, clock=ticking()) == 0
    shown = err.getvalue()
    assert shown.startswith("\rbest ") and "boards/s" in shown and "s left" in shown
    assert shown.endswith("\r")  # cleared before the board is printed
    assert "found after" in out.getvalue()
    plain = io.StringIO()
    main(argv, stdout=io.StringIO(), stderr=plain, clock=ticking())
    assert plain.getvalue() == ""  # no status line where nobody watches


def test_progress_figures() -> None:
    heard: list[Progress] = []
    search(SMALL, 3, 3, 40, 2, ticking(), workers=1, on_progress=heard.append)
    assert heard and all(p.points > 0 and p.seconds_left <= 40 for p in heard)
    assert [p.points for p in heard] == sorted(p.points for p in heard)
