"""Finding words on a board.

``solve`` walks the board and the lexicon together, so it only ever follows paths that are the
start of some word. At each step it intersects the lexicon node's letter mask with the letters
around the current cell: most dead ends cost one AND, not a loop over neighbours.

``find_path`` checks one word against the board without the lexicon, for single guesses.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from core.board import BLANK, Board
from core.lexicon import Lexicon

Path = tuple[int, ...]


def _visited(m: int, common: int, base: int, cell: int, depth: int, used: int, word: str) -> None:
    """What ``solve``'s search becomes once done (see there)."""


def _extended(cell: int, at: int, used: int, path: list[int]) -> bool:
    """What ``find_path``'s search becomes once done (see there)."""
    return False


def solve(board: Board, lexicon: Lexicon, min_length: int = 3) -> dict[str, Path]:
    """Every lexicon word of at least ``min_length`` spelled letters on the board, each with one
    path (the first found: starts in row-major order, then neighbours in order)."""
    mask, first, kids = lexicon.mask, lexicon.first, lexicon.kids
    letter_bit, terminal = lexicon.letter_bit, lexicon.terminal
    faces = board.cells
    # A face starting with a letter the alphabet lacks gets no bit: no word goes through it.
    heads = [letter_bit.get(f[0], 0) if f else 0 for f in faces]
    tails = [f[1:] for f in faces]
    # For each cell: the letters around it, and which neighbours carry each of those letters.
    around_mask: list[int] = []
    by_letter: list[dict[int, tuple[int, ...]]] = []
    for near in board.neighbours:
        groups: dict[int, tuple[int, ...]] = {}
        letters = 0
        for j in near:
            bit = heads[j]
            letters |= bit
            groups[bit] = (*groups[bit], j) if bit in groups else (j,)
        by_letter.append(groups)
        around_mask.append(letters)

    found: dict[str, Path] = {}
    path = [0] * (len(faces) + 1)

    def follow(node: int, text: str) -> int:
        """Spell the rest of a multi-letter face from ``node``; -1 when no word goes on."""
        for ch in text:
            bit = letter_bit.get(ch, 0)
            m = mask[node]
            if not m & bit:
                return -1
            node = kids[first[node] + (m & (bit - 1)).bit_count()]
        return node

    def visit(m: int, common: int, base: int, cell: int, depth: int, used: int, word: str) -> None:
        # ``m`` is the node's mask and ``common`` the letters both it and the cell's neighbours
        # have; words ending at a child are recorded here, so leaves cost no call.
        path[depth] = cell
        groups = by_letter[cell]
        depth += 1
        while common:
            bit = common & -common
            common ^= bit
            child = kids[base + (m & (bit - 1)).bit_count()]
            for j in groups[bit]:
                if used >> j & 1:
                    continue
                node = child
                if tails[j]:
                    node = follow(child, tails[j])
                    if node < 0:
                        continue
                cm = mask[node]
                w = word + faces[j]
                if cm & terminal and len(w) >= min_length and w not in found:
                    path[depth] = j
                    found[w] = tuple(path[: depth + 1])
                nxt = cm & around_mask[j]
                if nxt:
                    visit(cm, nxt, first[node], j, depth, used | 1 << j, w)

    root_mask = mask[0]
    try:
        for cell, face in enumerate(faces):
            bit = heads[cell]
            if not root_mask & bit:
                continue
            node = follow(kids[first[0] + (root_mask & (bit - 1)).bit_count()], tails[cell])
            if node < 0:
                continue
            m = mask[node]
            if m & terminal and len(face) >= min_length and face not in found:
                found[face] = (cell,)
            if m & around_mask[cell]:
                visit(m, m & around_mask[cell], first[node], cell, 0, 1 << cell, face)
    finally:
        visit = _visited  # it called itself through its closure: a cycle, undone
    return found


def find_path(board: Board, word: str, start: int | None = None) -> Path | None:
    """One path of cells that spells ``word`` (lowercase), or None: a search over the board alone,
    stopping at the first path, so checking one guess never solves the whole board. With
    ``start``, only paths from that cell."""
    if not word:
        return None
    faces = board.cells
    neighbours = board.neighbours
    length = len(word)

    def extend(cell: int, at: int, used: int, path: list[int]) -> bool:
        face = faces[cell]
        if not face or not word.startswith(face, at):
            return False
        path.append(cell)
        at += len(face)
        if at == length:
            return True
        used |= 1 << cell
        for j in neighbours[cell]:
            if not used >> j & 1 and extend(j, at, used, path):
                return True
        path.pop()
        return False

    try:
        for first in range(len(faces)) if start is None else (start,):
            path: list[int] = []
            if extend(first, 0, 0, path):
                return tuple(path)
        return None
    finally:
        extend = _extended  # it called itself through its closure: a cycle, undone


def path_spells(board: Board, path: Iterable[int]) -> str:
    """The text a path spells; raises ValueError if the path is not a legal one."""
    cells = list(path)
    if len(set(cells)) != len(cells):
        raise ValueError("path uses a cell twice")
    for c in cells:
        if not 0 <= c < len(board.cells) or board.cells[c] == BLANK:
            raise ValueError(f"cell {c} is blank or off the board")
    for a, b in pairwise(cells):
        if b not in board.neighbours[a]:
            raise ValueError(f"cells {a} and {b} are not adjacent")
    return "".join(board.cells[c] for c in cells)
