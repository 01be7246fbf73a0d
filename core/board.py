"""Boards: a rectangle of faces, its text form, and cell adjacency.

A face is the lowercase text a cell spells (``"qu"``; ``""`` a blank no word passes through).
Text form: ``perslatgsineters`` or rows split by ``/`` or spaces; ``q`` alone is ``Qu``,
``[th]`` a multi-letter face, ``[q]`` a plain Q, ``.`` a blank.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import cache, cached_property

from core.casing import PLAIN, Casing

BLANK = ""
MAX_FACE_LETTERS = 3
MAX_SIDE = 16

_ROW_SPLIT = re.compile(r"[/\s]+")


class BoardError(ValueError):
    """Board text or shape that cannot make a board; the message names the problem."""


@dataclass(frozen=True)
class Board:
    """An R x C grid of faces, row-major."""

    rows: int
    cols: int
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise BoardError("empty board")
        if self.rows > MAX_SIDE or self.cols > MAX_SIDE:
            raise BoardError(f"board is larger than {MAX_SIDE}x{MAX_SIDE}")
        if len(self.cells) != self.rows * self.cols:
            raise BoardError(f"{len(self.cells)} cells do not fill {self.rows}x{self.cols}")
        for face in self.cells:
            if face != BLANK and not (len(face) <= MAX_FACE_LETTERS and is_letters(face)):
                raise BoardError(f"bad face {face!r}: use 1 to {MAX_FACE_LETTERS} letters")
            if face != face.lower():
                raise BoardError(f"bad face {face!r}: faces are stored in lowercase")

    @classmethod
    def parse(cls, text: str) -> Board:
        """Read the text form; raise BoardError naming the problem."""
        stripped = text.strip()
        if not stripped:
            raise BoardError("empty board")
        parts = [p for p in _ROW_SPLIT.split(stripped) if p]
        if not parts:
            raise BoardError("empty board")
        rows = [_parse_row(p, i + 1) for i, p in enumerate(parts)]
        if len(rows) == 1 and not _ROW_SPLIT.search(stripped):
            cells = rows[0]
            side = math.isqrt(len(cells))
            if side * side != len(cells):
                raise BoardError(
                    f"{len(cells)} cells do not make a square; separate rows with '/' "
                    "(e.g. abcd/efgh)"
                )
            return cls(side, side, tuple(cells))
        width = len(rows[0])
        for number, row in enumerate(rows, start=1):
            if len(row) != width:
                raise BoardError(
                    f"ragged rows: row {number} has {len(row)} cells, row 1 has {width}"
                )
        return cls(len(rows), width, tuple(face for row in rows for face in row))

    def __str__(self) -> str:
        return self.text()

    def text(self) -> str:
        """The rows form, which parse() reads back to an equal board (one row ends in ``/``)."""
        text = "/".join(
            "".join(_face_text(f) for f in self.cells[r * self.cols : (r + 1) * self.cols])
            for r in range(self.rows)
        )
        return text + "/" if self.rows == 1 and self.cols > 1 else text

    def compact(self) -> str:
        """The square-string form when the board allows it, else the rows form."""
        if self.rows == self.cols:
            return "".join(_face_text(f) for f in self.cells)
        return self.text()

    @property
    def size(self) -> int:
        """The longer side; rules (minimum length, dice) are chosen by it."""
        return max(self.rows, self.cols)

    def face_at(self, row: int, col: int) -> str:
        return self.cells[row * self.cols + col]

    def position(self, index: int) -> tuple[int, int]:
        """(row, col) of a row-major cell index."""
        return divmod(index, self.cols)

    @cached_property
    def neighbours(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the non-blank cells around it (8 directions); blanks have none."""
        around = _grid_neighbours(self.rows, self.cols)
        if BLANK not in self.cells:
            return around
        cells = self.cells
        return tuple(
            () if cells[i] == BLANK else tuple(j for j in near if cells[j] != BLANK)
            for i, near in enumerate(around)
        )

    def grid(self, casing: Casing = PLAIN) -> str:
        """A monospace picture of the board, every cell two characters wide (``Qu``, ``Th``, ``·``),
        capitals by the board language's ``casing`` (Turkish ``İ``)."""
        lines = []
        for r in range(self.rows):
            row = self.cells[r * self.cols : (r + 1) * self.cols]
            lines.append(" ".join(_face_display(f, casing) for f in row).rstrip())
        return "\n".join(lines)


def is_letters(text: str) -> bool:
    """Whether ``text`` is plain letters only: ``ñ`` and ``é`` are, ``İ`` (two characters in
    lowercase), ``ﬁ`` and full-width ``ａ`` (compatibility forms of other letters) are not."""
    return (
        text.isalpha()
        and len(text.lower()) == len(text)
        and unicodedata.normalize("NFKC", text) == text
    )


@cache
def _grid_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """Adjacency of a full grid; one table per shape, shared by every board of that shape."""
    result = []
    for r in range(rows):
        for c in range(cols):
            result.append(
                tuple(
                    rr * cols + cc
                    for rr in (r - 1, r, r + 1)
                    for cc in (c - 1, c, c + 1)
                    if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols
                )
            )
    return tuple(result)


def _face_text(face: str) -> str:
    if face == BLANK:
        return "."
    if face == "qu":
        return "q"
    if len(face) == 1 and face != "q":
        return face
    return f"[{face}]"


def _face_display(face: str, casing: Casing) -> str:
    if face == BLANK:
        return "· "
    return casing.capital(face).ljust(2)


def _parse_row(token: str, number: int) -> list[str]:
    cells: list[str] = []
    i = 0
    # Composed (a typed ``n`` + combining tilde is ``ñ``); lowercased per character: str.lower()
    # may change the length (İ).
    text = unicodedata.normalize("NFC", token)
    while i < len(text):
        ch = text[i]
        if ch == "[":
            end = text.find("]", i)
            if end < 0:
                raise BoardError(f"row {number}: '[' at position {i + 1} is never closed")
            face = text[i + 1 : end]
            if not face or not is_letters(face):
                raise BoardError(f"row {number}: [{face}] is not a face; use letters")
            if len(face) > MAX_FACE_LETTERS:
                raise BoardError(f"row {number}: [{face}] has more than {MAX_FACE_LETTERS} letters")
            cells.append(face.lower())
            i = end + 1
        elif ch == ".":
            cells.append(BLANK)
            i += 1
        elif ch in "qQ":
            cells.append("qu")
            i += 1
        elif is_letters(ch):
            cells.append(ch.lower())
            i += 1
        else:
            raise BoardError(
                f"row {number}: unknown character {ch!r}; use letters, [xy] for a "
                "multi-letter face, '.' for a blank"
            )
    return cells
