"""Scoring many boards fast, for the search for the best board (``core.best``).

The solver's walk, lean: it carries the word's index in the lexicon instead of building strings,
and marks words seen in a reused array, since a search needs only totals, thousands a second.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import word_score


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

    def score(self, faces: Sequence[str]) -> int:
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
