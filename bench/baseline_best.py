"""The search for the best board as it was before issue 22 (one process, runs from random boards
only, letter changes and swaps), kept only so bench_core.py can run it beside today's in the same
run: the annealing loop of that commit's core/generate.py, over today's scorer (unchanged)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from core.best import _polish
from core.board_scorer import BoardScorer
from core.letters import faces_for, letter_weights
from core.lexicon import Lexicon


def best_board_before(
    lexicon: Lexicon,
    rows: int,
    cols: int,
    seconds: float,
    rng: random.Random,
    clock: Callable[[], float],
    target: int,
) -> tuple[str, int, float | None, int]:
    """Board, points, seconds until ``target`` points were first scored (None: never) and boards
    scored, with the old schedule (4000 steps, 120 to 2 points, 30% swaps)."""
    started = clock()
    deadline = started + seconds
    scorer = BoardScorer(lexicon, rows, cols, 3)
    weights = letter_weights(lexicon)
    faces_all = faces_for(lexicon.alphabet)
    cells = rows * cols
    cache: dict[tuple[str, ...], int] = {}
    iterations = 0
    reached: list[float] = []

    def evaluate(faces: list[str]) -> int:
        nonlocal iterations
        iterations += 1
        key = tuple(faces)
        value = cache.get(key)
        if value is None:
            value = cache[key] = scorer.score(key)
            if len(cache) > 200_000:
                cache.clear()
        if value >= target and not reached:
            reached.append(clock() - started)
        return value

    def out_of_time() -> bool:
        return clock() >= deadline

    best_faces = rng.choices(faces_all, weights, k=cells)
    best_score = evaluate(best_faces)
    steps, start, end, swap_share = 4000, 120.0, 2.0, 0.3
    cooling = (end / start) ** (1 / (steps - 1))
    while not out_of_time():
        faces = rng.choices(faces_all, weights, k=cells)
        current = evaluate(faces)
        temperature = start
        for _ in range(steps):
            if out_of_time():
                break
            if rng.random() < swap_share:
                a, b = rng.sample(range(cells), 2)
                if faces[a] == faces[b]:
                    continue
                faces[a], faces[b] = faces[b], faces[a]
                undo = (a, faces[b], b, faces[a])
            else:
                a = rng.randrange(cells)
                new = rng.choices(faces_all, weights)[0]
                if new == faces[a]:
                    continue
                undo = (a, faces[a], a, faces[a])
                faces[a] = new
            score = evaluate(faces)
            delta = score - current
            if delta >= 0 or rng.random() < math.exp(delta / temperature):
                current = score
                if score > best_score:
                    best_score, best_faces = score, list(faces)
            else:
                faces[undo[0]], faces[undo[2]] = undo[1], undo[3]
            temperature *= cooling
    polished = list(best_faces)
    _polish(polished, [], faces_all, evaluate, out_of_time)  # no lines: letters and swaps, as then
    best_score = max(best_score, scorer.score(polished))
    if scorer.score(polished) == best_score:
        best_faces = polished
    return "".join(best_faces), best_score, reached[0] if reached else None, iterations
