"""The search for the highest-scoring board: simulated annealing over letters, in one process.

Moves change a letter, swap two cells or shift a row or column. Every run ends with a hill-climb
over all of them: on ENABLE2K 4x4 annealing often ends on a 3,603 board, one shift from the
proven 3,625. The best board is confirmed by the solver. Pure: randomness and time come in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from core.board import Board
from core.board_scorer import BoardScorer
from core.letters import faces_for, letter_weights
from core.lexicon import Lexicon
from core.scoring import total_score
from core.solver import Path, solve

CACHE_LIMIT = 500_000  # boards remembered (a run revisits many); about 100 MB at most


@dataclass(frozen=True)
class AnnealSchedule:
    """One annealing run: ``steps`` moves for every 16 cells, cooling geometrically from ``start``
    to ``end`` (points); ``swap_share`` of the moves swap two cells, ``shift_share`` slide a row or
    column one cell, the rest change a letter;
    ``elite_share`` of the runs restart from the best board with ``elite_swaps`` cells swapped,
    from ``start / elite_cooler``."""

    steps: int = 20_000
    start: float = 120.0
    end: float = 2.0
    swap_share: float = 0.3
    shift_share: float = 0.1
    elite_share: float = 0.3
    elite_swaps: int = 4
    elite_cooler: float = 3.0


@dataclass(frozen=True)
class Best:
    """A board the search found, with its points and words as the solver counts them, when it was
    found (seconds after the search began), how many boards were scored by then, and in all."""

    board: Board
    points: int
    words: dict[str, Path]
    seconds: float
    evaluations: int
    scored: int


Improved = Callable[[int, tuple[str, ...], float, int], None]  # points, faces, seconds, evaluations


def confirm(lexicon: Lexicon, board: Board, points: int, min_length: int) -> dict[str, Path]:
    """The board's words by the solver; raises when its points differ from what the search said,
    so no board is ever reported on the scorer's word alone."""
    words = solve(board, lexicon, min_length)
    solved = total_score(words, min_length)
    if solved != points:
        raise RuntimeError(f"scorer said {points} points for {board.compact()}, solver {solved}")
    return words


def best_board(
    lexicon: Lexicon,
    rows: int,
    cols: int,
    seconds: float,
    rng: random.Random,
    min_length: int = 3,
    clock: Callable[[], float] | None = None,
    max_iterations: int | None = None,
    schedule: AnnealSchedule | None = None,
    *,
    stop: Callable[[], bool] | None = None,
    on_improve: Improved | None = None,
) -> Best:
    """The highest-scoring board found within ``seconds`` of ``clock`` (or ``max_iterations``
    boards scored, or until ``stop()`` says so), confirmed by the solver.

    With ``max_iterations`` the result depends only on the seed, provided the time does not run out
    first. ``on_improve`` hears of every new best board as it is found.
    """
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    if clock is None and max_iterations is None and stop is None:
        raise ValueError("give a clock, max_iterations or stop, or the search never ends")
    started = clock() if clock is not None else 0.0
    deadline = started + seconds if clock is not None else math.inf  # setup counts too
    schedule = schedule or AnnealSchedule()
    scorer = BoardScorer(lexicon, rows, cols, min_length)
    weights = letter_weights(lexicon)
    faces_all = faces_for(lexicon.alphabet)
    cells = rows * cols
    lines = lines_of(rows, cols)
    budget = max_iterations if max_iterations is not None else math.inf
    cache: dict[tuple[str, ...], int] = {}
    iterations = 0
    best_faces: list[str] = []
    best_score = -1
    found_at, found_after = 0.0, 0
    stopped = False  # stop() is asked once every 64 boards scored

    def evaluate(faces: list[str]) -> int:
        """Score a board, counting it against the budget; revisited boards come from the cache."""
        nonlocal iterations, best_score, best_faces, found_at, found_after, stopped
        iterations += 1
        if stop is not None and iterations % 64 == 0 and stop():
            stopped = True
        key = tuple(faces)
        value = cache.get(key)
        if value is None:
            value = cache[key] = scorer.score(key)
            if len(cache) > CACHE_LIMIT:
                cache.clear()
        if value > best_score:
            best_score, best_faces = value, list(faces)
            found_at = clock() - started if clock is not None else 0.0
            found_after = iterations
            if on_improve is not None:
                on_improve(value, key, found_at, iterations)
        return value

    def out_of_time() -> bool:
        return stopped or iterations >= budget or (clock is not None and clock() >= deadline)

    evaluate(rng.choices(faces_all, weights, k=cells))
    # Longer runs on bigger boards; a budget shorter than one run gets one run that still cools.
    steps = max(1, schedule.steps * cells // 16)
    steps = min(steps, max_iterations) if max_iterations else steps
    while not out_of_time():
        if best_faces and cells > 1 and rng.random() < schedule.elite_share:
            faces = list(best_faces)
            for _ in range(schedule.elite_swaps):
                a, b = rng.sample(range(cells), 2)
                faces[a], faces[b] = faces[b], faces[a]
            start = schedule.start / schedule.elite_cooler
        else:
            faces = rng.choices(faces_all, weights, k=cells)
            start = schedule.start
        _anneal(
            faces, lines, start, steps, schedule, faces_all, weights, rng, evaluate, out_of_time
        )
        _polish(faces, lines, faces_all, evaluate, out_of_time)
    _polish(best_faces, lines, faces_all, evaluate, out_of_time)
    board = Board(rows, cols, tuple(best_faces))
    words = confirm(lexicon, board, best_score, min_length)
    return Best(board, best_score, words, found_at, found_after, iterations)


def lines_of(rows: int, cols: int) -> list[tuple[int, ...]]:
    """Every row and column of two or more cells, each in both directions: the lines a shift
    slides along (the first cell of the line is the one that leaves it)."""
    found = [tuple(r * cols + c for c in range(cols)) for r in range(rows)] if cols > 1 else []
    found += [tuple(r * cols + c for r in range(rows)) for c in range(cols)] if rows > 1 else []
    return found + [line[::-1] for line in found]


def _shift(faces: list[str], line: tuple[int, ...], face: str) -> list[str]:
    """Slide the line's faces one cell towards its start; the first leaves and ``face`` comes in at
    the end. Returns the faces before, for undoing."""
    before = [faces[i] for i in line]
    for i, new in zip(line, [*before[1:], face], strict=True):
        faces[i] = new
    return before


def _anneal(
    faces: list[str],
    lines: list[tuple[int, ...]],
    start: float,
    steps: int,
    schedule: AnnealSchedule,
    choices: tuple[str, ...],
    weights: list[float],
    rng: random.Random,
    evaluate: Callable[[list[str]], int],
    out_of_time: Callable[[], bool],
) -> None:
    """One run from ``faces``, cooling from ``start`` to the schedule's end in ``steps`` moves:
    change a letter, swap two cells, or shift a row or column (its neighbouring letters stay
    neighbours, so the pairs that make words survive the move)."""
    cells = len(faces)
    current = evaluate(faces)
    temperature = start
    cooling = (schedule.end / start) ** (1 / max(1, steps - 1))
    shift_below = schedule.shift_share if lines else 0.0
    swap_below = shift_below + schedule.swap_share if cells > 1 else 0.0
    for _ in range(steps):
        if out_of_time():
            return
        move = rng.random()
        if move < shift_below:
            line = rng.choice(lines)
            face = faces[line[0]] if rng.random() < 0.5 else rng.choices(choices, weights)[0]
            undo: tuple[tuple[int, ...], list[str]] = (line, _shift(faces, line, face))
        elif move < swap_below:
            a, b = rng.sample(range(cells), 2)
            if faces[a] == faces[b]:
                continue
            undo = ((a, b), [faces[a], faces[b]])
            faces[a], faces[b] = faces[b], faces[a]
        else:
            a = rng.randrange(cells)
            new = rng.choices(choices, weights)[0]
            if new == faces[a]:
                continue
            undo = ((a,), [faces[a]])
            faces[a] = new
        score = evaluate(faces)
        delta = score - current
        if delta >= 0 or rng.random() < math.exp(delta / temperature):
            current = score
        else:
            for i, face in zip(*undo, strict=True):
                faces[i] = face
        temperature *= cooling


def _polish(
    faces: list[str],
    lines: list[tuple[int, ...]],
    choices: tuple[str, ...],
    evaluate: Callable[[list[str]], int],
    out_of_time: Callable[[], bool],
) -> None:
    """Hill-climb in place: every single-letter change, every swap, every shift of a line with
    every letter coming in, until none helps (or time is up). Annealing ends near a peak; this makes
    sure it is on it, and the shifts reach the peaks a slid row away (the proven 4x4 best is one
    from the board annealing most often ends on). ``evaluate`` records every better board it meets.
    """
    score = evaluate(faces)
    improved = True
    while improved and not out_of_time():
        improved = False
        for a in range(len(faces)):
            for face in choices:
                if face == faces[a] or out_of_time():
                    continue
                old = faces[a]
                faces[a] = face
                value = evaluate(faces)
                if value > score:
                    score, improved = value, True
                else:
                    faces[a] = old
        for a in range(len(faces)):
            for b in range(a + 1, len(faces)):
                if faces[a] == faces[b] or out_of_time():
                    continue
                faces[a], faces[b] = faces[b], faces[a]
                value = evaluate(faces)
                if value > score:
                    score, improved = value, True
                else:
                    faces[a], faces[b] = faces[b], faces[a]
        for line in lines:
            for face in choices:
                if out_of_time():
                    break
                before = _shift(faces, line, face)
                value = evaluate(faces)
                if value > score:
                    score, improved = value, True
                else:
                    for i, old in zip(line, before, strict=True):
                        faces[i] = old
