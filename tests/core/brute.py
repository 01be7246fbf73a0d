"""An independent brute-force reference for the core, written from the rules (not from solver.py).

It reads a board only as its shape and faces and works adjacency out from coordinates, trusting
neither ``Board.neighbours`` nor the solver. Also the property tests' hypothesis strategies.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING

from hypothesis import strategies as st

if TYPE_CHECKING:
    from core.board import Board

REPO = Path(__file__).resolve().parents[2]
EN_WORDS = REPO / "data" / "words" / "en.txt"
DICE_DIR = REPO / "data" / "dice"

MULTI_FACES = ("qu", "th", "in", "er", "he", "an")


# --- the reference --------------------------------------------------------------------------


def touching(board: Board, a: int, b: int) -> bool:
    """Cells a and b are different and one step apart in one of the 8 directions."""
    ra, ca = divmod(a, board.cols)
    rb, cb = divmod(b, board.cols)
    return a != b and abs(ra - rb) <= 1 and abs(ca - cb) <= 1


def adjacency(board: Board) -> list[list[int]]:
    """For each cell, the cells touching it (blanks included; callers skip them)."""
    size = board.rows * board.cols
    return [[b for b in range(size) if touching(board, a, b)] for a in range(size)]


def spell_or_none(board: Board, path: Sequence[int]) -> str | None:
    """What a path spells if it is legal (cells on the board, not blank, each once, each next to
    the one before), else None."""
    size = board.rows * board.cols
    if not path or len(set(path)) != len(path):
        return None
    if any(not 0 <= c < size or board.cells[c] == "" for c in path):
        return None
    if any(not touching(board, a, b) for a, b in pairwise(path)):
        return None
    return "".join(board.cells[c] for c in path)


def on_board(board: Board, word: str, around: list[list[int]] | None = None) -> bool:
    """Whether some legal path spells ``word``: a plain depth-first search from every cell that
    tries each touching, unused, non-blank cell whose face matches the next letters."""
    around = around or adjacency(board)
    cells = board.cells

    def fits(cell: int, used: set[int], done: int) -> bool:
        face = cells[cell]
        return bool(face) and cell not in used and word.startswith(face, done)

    def go(cell: int, used: set[int], done: int) -> bool:
        done += len(cells[cell])
        if done == len(word):
            return True
        used.add(cell)
        for n in around[cell]:
            if fits(n, used, done) and go(n, used, done):
                return True
        used.discard(cell)
        return False

    if not word:
        return False
    return any(fits(c, set(), 0) and go(c, set(), 0) for c in range(len(cells)))


def brute_solve(board: Board, words: Iterable[str], min_length: int) -> set[str]:
    """Every word of the list, at least ``min_length`` letters long, that the board holds."""
    letters = set("".join(board.cells))
    around = adjacency(board)
    return {
        w
        for w in set(words)
        if len(w) >= min_length and set(w) <= letters and on_board(board, w, around)
    }


def brute_score(word: str, min_length: int) -> int:
    """Points from the rules: 3-4 letters 1, 5: 2, 6: 3, 7: 5, 8+: 11; nothing below the minimum."""
    n = len(word)
    if n < min_length or n < 3:
        return 0
    return {3: 1, 4: 1, 5: 2, 6: 3, 7: 5}.get(n, 11)


def words_of_letters(path: Path, letters: Iterable[str]) -> list[str]:
    """The words of a one-word-a-line list that use only the given letters."""
    allowed = set(letters)
    return [w for w in path.read_text().split() if set(w) <= allowed]


# --- random boards and word lists -----------------------------------------------------------

faces = st.one_of(
    st.sampled_from(string.ascii_lowercase),
    st.sampled_from(string.ascii_lowercase[:8]),  # a few letters often, so words repeat letters
    st.sampled_from(MULTI_FACES),
    st.just(""),
    st.just("q"),  # a plain Q face, the [q] of the text form
)


@st.composite
def boards(draw: st.DrawFn, max_side: int = 6, blanks: bool = True) -> Board:
    """Any rectangle from 1x1 to max_side x max_side with random faces."""
    from core.board import Board

    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    pool = faces if blanks else faces.filter(bool)
    cells = draw(st.lists(pool, min_size=rows * cols, max_size=rows * cols))
    return Board(rows, cols, tuple(cells))


def random_walk(
    board: Board,
    rng: random.Random,
    steps: int,
    legal: bool = True,
    around: list[list[int]] | None = None,
) -> str:
    """The text of a random walk over non-blank cells; an illegal walk may reuse cells or jump."""
    around = around or adjacency(board)
    live = [c for c in range(len(board.cells)) if board.cells[c]]
    if not live:
        return ""
    path = [rng.choice(live)]
    for _ in range(steps - 1):
        nxt = [c for c in around[path[-1]] if board.cells[c] and c not in path] if legal else live
        if not nxt:
            break
        path.append(rng.choice(nxt))
    return "".join(board.cells[c] for c in path)


def word_list(board: Board, rng: random.Random, count: int) -> list[str]:
    """Words of which many are on the board: legal walks, their near misses (a changed letter,
    a reused cell, a jump), and random strings of the board's letters and of any letters."""
    letters = "".join(board.cells) or "a"
    around = adjacency(board)
    words = []
    for _ in range(count):
        kind = rng.random()
        steps = rng.randint(1, 9)
        if kind < 0.45:
            w = random_walk(board, rng, steps, around=around)
        elif kind < 0.6:
            w = random_walk(board, rng, steps, legal=False, around=around)
        elif kind < 0.75:
            w = random_walk(board, rng, steps, around=around)
            if w:
                i = rng.randrange(len(w))
                w = w[:i] + rng.choice(letters) + w[i + 1 :]
        elif kind < 0.9:
            w = "".join(rng.choice(letters) for _ in range(steps))
        else:
            w = "".join(rng.choice(string.ascii_lowercase) for _ in range(steps))
        if w:
            words.append(w)
    return words


@st.composite
def boards_and_words(
    draw: st.DrawFn, max_side: int = 6, min_words: int = 50, max_words: int = 300
) -> tuple[Board, list[str], int]:
    """A board, a word list for it, and a minimum length."""
    board = draw(boards(max_side))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    words = word_list(board, rng, draw(st.integers(min_words, max_words)))
    min_length = draw(st.integers(1, 5))
    return board, words, min_length
