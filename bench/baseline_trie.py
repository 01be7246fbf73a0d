"""The baseline of ``bench_core``: the Boggle solver most tutorials write.

A trie of nested dicts with a ``"$"`` end-marker key and a recursive depth-first search carrying
a visited set. ``"$"`` maps to one shared empty node (as cheap as ``True``, and a trie all the
same), so every value is a node.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

from core.board import Board

Trie: TypeAlias = dict[str, "Trie"]
END: Trie = {}  # the value of every ``"$"`` key; never followed, faces are letters


def build_trie(words: Sequence[str]) -> Trie:
    """Nested dicts, one per letter; ``"$"`` marks the end of a word."""
    root: Trie = {}
    for word in words:
        node = root
        for ch in word:
            node = node.setdefault(ch, {})
        node["$"] = END
    return root


def solve_typical(board: Board, trie: Trie, min_length: int) -> set[str]:
    """Recursive DFS from every cell with a visited set, following the trie letter by letter."""
    rows, cols = board.rows, board.cols
    grid = [[board.face_at(r, c) for c in range(cols)] for r in range(rows)]
    found: set[str] = set()

    def dfs(r: int, c: int, node: Trie, word: str, visited: set[tuple[int, int]]) -> None:
        face = grid[r][c]
        if not face:
            return
        for ch in face:
            child = node.get(ch)
            if child is None:
                return
            node = child
        word += face
        if "$" in node and len(word) >= min_length:
            found.add(word)
        visited.add((r, c))
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                nr, nc = r + dr, c + dc
                if (dr or dc) and 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in visited:
                    dfs(nr, nc, node, word, visited)
        visited.remove((r, c))

    for r in range(rows):
        for c in range(cols):
            dfs(r, c, trie, "", set())
    return found


def read_words(path: Path) -> list[str]:
    """The same cleaning the lexicon does: lowercase a-z only."""
    words = (w.strip().lower() for w in path.read_text(encoding="utf-8").split())
    return [w for w in words if w.isascii() and w.isalpha()]
