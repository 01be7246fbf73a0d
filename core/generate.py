"""Making boards: rolls that are never duds, and the highest-scoring board a search can find.

``roll_with_floor`` rerolls the dice until the board clears a floor of words and points, so a round
never starts on a board with nothing to find. ``floor_for`` is the one rule for that floor, used by
the bot and the command line alike: at a size's official minimum length, the 10th percentile of
random boards with the shipped word list (measured with ``bench/bench_core.py``: about nine rolls in
ten pass the first time, and a dud costs one more solve, a millisecond or two); at any other minimum
length those figures mean nothing, so any board with a word will do.

``best_board`` is simulated annealing over letters. Every candidate is scored in full, so the
scorer here is a lean version of the solver's walk: it carries the word's index in the lexicon
(a DAWG with word counts is a minimal perfect hash) instead of building strings, and marks words
seen in a reused array instead of filling a dict.

Both are pure: randomness comes in as a ``random.Random``, time as a clock callable.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .board import Board
from .dice import DiceSet
from .lexicon import ALPHABET, Lexicon
from .scoring import default_min_length, total_score, word_score
from .solver import Path, solve


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


def faces_for(alphabet: str) -> tuple[str, ...]:
    """The faces best_board uses: the alphabet's letters, with q as the Qu face (as on every
    real die, in every language the game has)."""
    return tuple("qu" if ch == "q" else ch for ch in alphabet)


FACES: tuple[str, ...] = faces_for(ALPHABET)  # English's


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


# --- scoring many boards fast ---------------------------------------------------------------


class BoardScorer:
    """Total points of a board of single-letter or ``qu`` faces, for searches that score thousands.

    Built once per lexicon and board shape (a fraction of a second: word counts over the DAWG).
    The score agrees with ``total_score(solve(board, lexicon, min_length))``.
    """

    def __init__(self, lexicon: Lexicon, rows: int, cols: int, min_length: int = 3) -> None:
        self.lexicon = lexicon
        self.rows = rows
        self.cols = cols
        self.min_length = min_length
        self.offset = _edge_offsets(lexicon)
        self.neighbours = Board(rows, cols, ("a",) * (rows * cols)).neighbours
        self.points = [word_score("x" * n, min_length) for n in range(rows * cols * 3 + 2)]
        self._seen = array("I", bytes(4 * max(1, len(lexicon))))
        self._stamp = 0

    def score(self, faces: tuple[str, ...] | list[str]) -> int:
        """Points of the board with these faces (row-major, lowercase, no blanks)."""
        mask, first, kids = self.lexicon.mask, self.lexicon.first, self.lexicon.kids
        letter_bit, terminal = self.lexicon.letter_bit, self.lexicon.terminal
        offset, points, seen = self.offset, self.points, self._seen
        min_length = self.min_length
        self._stamp += 1
        if self._stamp >= 0xFFFFFFFF:
            self._seen = seen = array("I", bytes(4 * len(seen)))
            self._stamp = 1
        stamp = self._stamp
        heads = [letter_bit[f[0]] for f in faces]
        tails = [letter_bit[f[1]] if len(f) > 1 else 0 for f in faces]
        lengths = [len(f) for f in faces]
        around_mask: list[int] = []
        by_letter: list[dict[int, list[int]]] = []
        for around in self.neighbours:
            groups: dict[int, list[int]] = {}
            m = 0
            for j in around:
                bit = heads[j]
                m |= bit
                groups.setdefault(bit, []).append(j)
            around_mask.append(m)
            by_letter.append(groups)
        total = 0

        def visit(node: int, cell: int, used: int, index: int, length: int) -> None:
            nonlocal total
            m = mask[node]
            if m & terminal and length >= min_length and seen[index] != stamp:
                seen[index] = stamp
                total += points[length]
            common = m & around_mask[cell]
            if not common:
                return
            base = first[node]
            groups = by_letter[cell]
            while common:
                bit = common & -common
                common ^= bit
                edge = base + (m & (bit - 1)).bit_count()
                child = kids[edge]
                at = index + offset[edge]
                for j in groups[bit]:
                    if used >> j & 1:
                        continue
                    if tails[j]:
                        enter_qu(child, j, used | 1 << j, at, length)
                    else:
                        visit(child, j, used | 1 << j, at, length + lengths[j])

        def enter_qu(node: int, cell: int, used: int, index: int, length: int) -> None:
            """Spell the ``u`` of a ``qu`` face (already past its ``q``), then go on."""
            tail = tails[cell]
            m = mask[node]
            if m & tail:
                edge = first[node] + (m & (tail - 1)).bit_count()
                visit(kids[edge], cell, used, index + offset[edge], length + 2)

        root = mask[0]
        for cell in range(len(faces)):
            bit = heads[cell]
            if not root & bit:
                continue
            edge = first[0] + (root & (bit - 1)).bit_count()
            step = enter_qu if tails[cell] else visit
            step(kids[edge], cell, 1 << cell, offset[edge], 0 if tails[cell] else lengths[cell])
        return total


def _edge_offsets(lexicon: Lexicon) -> array[int]:
    """For each edge, how many words sort before every word through it, counted from its parent:
    summing these along a path gives a word's rank, a unique index for deduplication."""
    mask, first, kids, below = lexicon.mask, lexicon.first, lexicon.kids, lexicon.count
    terminal = lexicon.terminal
    offset = array("I", bytes(4 * len(kids)))
    for node, m in enumerate(mask):
        before = 1 if m & terminal else 0
        base = first[node]
        for e in range(base, base + (m & (terminal - 1)).bit_count()):
            offset[e] = before
            before += below[kids[e]]
    return offset


def letter_weights(lexicon: Lexicon) -> list[float]:
    """How often each letter of the lexicon's alphabet occurs across all words, for drawing
    plausible random boards (and deriving dice). Counted on the DAWG (words below times paths
    above each edge), not by listing the words."""
    mask, first, kids, below = lexicon.mask, lexicon.first, lexicon.kids, lexicon.count
    terminal = lexicon.terminal
    letters = len(lexicon.alphabet)
    above = [0] * len(mask)
    above[0] = 1
    for node in _topological(lexicon):
        m = mask[node]
        base = first[node]
        for e in range(base, base + (m & (terminal - 1)).bit_count()):
            above[kids[e]] += above[node]
    weights = [0.0] * letters
    for node, m in enumerate(mask):
        if not above[node]:
            continue
        base = first[node]
        rank = 0
        for k in range(letters):
            if m >> k & 1:
                weights[k] += above[node] * below[kids[base + rank]]
                rank += 1
    total = sum(weights) or 1.0
    return [w / total for w in weights]


def _topological(lexicon: Lexicon) -> list[int]:
    """Nodes with every parent before its children (Kahn's algorithm)."""
    mask, first, kids = lexicon.mask, lexicon.first, lexicon.kids
    letters = lexicon.terminal - 1
    parents = [0] * len(mask)
    for child in kids:
        parents[child] += 1
    order = [0]
    for node in order:
        base = first[node]
        for e in range(base, base + (mask[node] & letters).bit_count()):
            child = kids[e]
            parents[child] -= 1
            if not parents[child]:
                order.append(child)
    return order


# --- the search -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AnnealSchedule:
    """One annealing run: ``steps`` moves cooling geometrically from ``start`` to ``end`` (points)."""

    steps: int = 4000
    start: float = 120.0
    end: float = 2.0
    swap_share: float = 0.3


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
) -> tuple[Board, int]:
    """The highest-scoring board found by simulated annealing within ``seconds`` of ``clock``.

    Each run starts from a board drawn by letter frequency, changes one letter or swaps two cells per
    step, accepts a worse board with probability ``exp(delta / T)`` as T cools, and restarts when its
    schedule ends; the best board of all runs wins. With ``max_iterations`` (moves scored, across
    runs) the result depends only on the seed, provided the time does not run out first. Without a
    clock only ``max_iterations`` bounds the search.
    """
    if rows < 1 or cols < 1:
        raise ValueError("a board needs at least one row and one column")
    if clock is None and max_iterations is None:
        raise ValueError("give a clock or max_iterations, or the search never ends")
    deadline = clock() + seconds if clock is not None else math.inf  # setup counts too
    schedule = schedule or AnnealSchedule()
    scorer = BoardScorer(lexicon, rows, cols, min_length)
    weights = letter_weights(lexicon)
    faces_all = faces_for(lexicon.alphabet)
    cells = rows * cols
    budget = max_iterations if max_iterations is not None else math.inf
    cache: dict[tuple[str, ...], int] = {}
    iterations = 0

    def evaluate(faces: list[str]) -> int:
        """Score a board, counting it against the budget; revisited boards come from the cache."""
        nonlocal iterations
        iterations += 1
        key = tuple(faces)
        value = cache.get(key)
        if value is None:
            value = cache[key] = scorer.score(key)
            if len(cache) > 200_000:
                cache.clear()
        return value

    def out_of_time() -> bool:
        return iterations >= budget or (clock is not None and clock() >= deadline)

    best_faces = rng.choices(faces_all, weights, k=cells)
    best_score = evaluate(best_faces)
    # A budget shorter than one run gets one run that still cools all the way.
    steps = min(schedule.steps, max_iterations) if max_iterations else schedule.steps
    cooling = (schedule.end / schedule.start) ** (1 / max(1, steps - 1))
    while not out_of_time():
        faces = rng.choices(faces_all, weights, k=cells)
        current = evaluate(faces)
        temperature = schedule.start
        for _ in range(steps):
            if out_of_time():
                break
            if cells > 1 and rng.random() < schedule.swap_share:
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
    best_faces, best_score = _polish(best_faces, best_score, faces_all, evaluate, out_of_time)
    return Board(rows, cols, tuple(best_faces)), best_score


def _polish(
    faces: list[str],
    score: int,
    choices: tuple[str, ...],
    evaluate: Callable[[list[str]], int],
    out_of_time: Callable[[], bool],
) -> tuple[list[str], int]:
    """Hill-climb from the best board: every single-letter change, then every swap, until none helps
    (or time is up). Annealing ends near a peak; this makes sure it is on it."""
    faces = list(faces)
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
    return faces, score


__all__ = [
    "ANY_WORD",
    "DEFAULT_ATTEMPTS",
    "DEFAULT_FLOORS",
    "FACES",
    "AnnealSchedule",
    "BoardScorer",
    "Floor",
    "best_board",
    "faces_for",
    "floor_for",
    "letter_weights",
    "roll_with_floor",
]
