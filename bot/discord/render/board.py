"""The board as Discord shows it in every feature's messages: its grid, its shape, its mode."""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from core.board import BLANK, Board
from core.languages import language as language_of
from core.round import Mode, Rules


def board_grid(board: Board, language: str = DEFAULT_LANGUAGE) -> str:
    """Board.grid()'s picture, but every row the same width even with 3-letter faces, capitals
    as the board's ``language`` writes them (Turkish ``İ``, ``I`` for ``ı``).

    Cells are as wide as the widest face (at least 2, so ``Qu`` lines up) with a blank between,
    which leaves single letters two blanks apart: readable on a phone, 6x6 in 17 columns.
    """
    width = max(2, *(len(face) for face in board.cells))
    capital = language_of(language).casing.capital
    lines = []
    for r in range(board.rows):
        row = board.cells[r * board.cols : (r + 1) * board.cols]
        lines.append(" ".join(("·" if f == BLANK else capital(f)).ljust(width) for f in row))
    return "\n".join(lines)


def hint_grid(board: Board, hints: Sequence[int]) -> str:
    """The hints laid out as the board is (``·`` on a blank), every cell as wide as the widest."""
    shown = [str(n) if face != BLANK else "·" for face, n in zip(board.cells, hints, strict=True)]
    width = max(2, *(len(s) for s in shown))
    rows = [shown[r * board.cols : (r + 1) * board.cols] for r in range(board.rows)]
    return "\n".join(" ".join(s.rjust(width) for s in row) for row in rows)


def shape(board: Board, rules: Rules, language: str = DEFAULT_LANGUAGE) -> str:
    return text(
        "board.shape",
        language,
        rows=board.rows,
        cols=board.cols,
        mode=mode_name(rules.mode, language),
        min_length=rules.min_length,
    )


def mode_name(mode: Mode, language: str = DEFAULT_LANGUAGE) -> str:
    """The mode as a player of ``language`` calls it (``classic``, ``classique``)."""
    return text(f"mode_names.{mode.value}", language)


def mode_rule(mode: Mode, language: str = DEFAULT_LANGUAGE) -> str:
    return text(f"modes.{mode.value}", language)
