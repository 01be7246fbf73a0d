"""The solver as it was before lexicons had their own alphabet (fixed a-z bits as module
constants), kept only so bench_core.py can time it beside today's on the same English lexicon:
an a-z lexicon's letter bits are the same as they were, so the old walk reads today's arrays."""

from __future__ import annotations

from core.board import Board
from core.lexicon import ALPHABET, Lexicon

TERMINAL = 1 << 26
LETTER_BIT = {ch: 1 << i for i, ch in enumerate(ALPHABET)}


def solve_az(board: Board, lexicon: Lexicon, min_length: int = 3) -> dict[str, tuple[int, ...]]:
    """core.solver.solve as of the commit before alphabets (global a-z bits)."""
    mask, first, kids = lexicon.mask, lexicon.first, lexicon.kids
    faces = board.cells
    heads = [LETTER_BIT[f[0]] if f else 0 for f in faces]
    tails = [f[1:] for f in faces]
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
    found: dict[str, tuple[int, ...]] = {}
    path = [0] * (len(faces) + 1)

    def follow(node: int, text: str) -> int:
        for ch in text:
            bit = LETTER_BIT[ch]
            m = mask[node]
            if not m & bit:
                return -1
            node = kids[first[node] + (m & (bit - 1)).bit_count()]
        return node

    def visit(m: int, common: int, base: int, cell: int, depth: int, used: int, word: str) -> None:
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
                if cm & TERMINAL and len(w) >= min_length and w not in found:
                    path[depth] = j
                    found[w] = tuple(path[: depth + 1])
                nxt = cm & around_mask[j]
                if nxt:
                    visit(cm, nxt, first[node], j, depth, used | 1 << j, w)

    root_mask = mask[0]
    for cell, face in enumerate(faces):
        bit = heads[cell]
        if not root_mask & bit:
            continue
        node = follow(kids[first[0] + (root_mask & (bit - 1)).bit_count()], tails[cell])
        if node < 0:
            continue
        m = mask[node]
        if m & TERMINAL and len(face) >= min_length and face not in found:
            found[face] = (cell,)
        if m & around_mask[cell]:
            visit(m, m & around_mask[cell], first[node], cell, 0, 1 << cell, face)
    return found
