"""Hints, as Lexica shows them: on each die, how many of the board's words can start there."""

from __future__ import annotations

from collections.abc import Mapping

from core.board import Board
from core.solver import Path, find_path


def word_starts(board: Board, solution: Mapping[str, Path]) -> tuple[int, ...]:
    """For each cell (row-major), how many words of ``solution`` (a word and one of its paths,
    as ``solve`` gives) some path spells from that cell. A word that starts on two dice counts on
    both: each number says truly what starts there."""
    counts = [0] * len(board.cells)
    for word, path in solution.items():
        counts[path[0]] += 1
        for cell, face in enumerate(board.cells):
            if (
                cell != path[0]
                and face
                and word.startswith(face)
                and find_path(board, word, start=cell) is not None
            ):
                counts[cell] += 1
    return tuple(counts)
