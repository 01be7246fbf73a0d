"""Dice sets: plain text files under ``data/dice/``, one die a line, faces separated by spaces.

A face is a letter (any alphabet's: ``Ñ`` on Spanish dice), a multi-letter face (``Qu``, ``Th``) or ``.`` for a blank. Every ``Q`` face is
read as ``Qu`` (no real die has a bare Q). Lines starting with ``#`` are comments. Faces are
lowercased by the casing of the set's language (``core.languages.dice_language``): Turkish ``I``
is ``ı`` and ``İ`` is ``i``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from core.board import BLANK, MAX_FACE_LETTERS, Board, is_letters
from core.casing import Casing
from core.languages import LANGUAGES, dice_language
from core.problems import Problem

if TYPE_CHECKING:  # the caller brings its generator: reading dice (solve, check) needs no random
    import random

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
DICE_DIR = DATA_DIR / "dice"
DEFAULT_DICE = {4: "4x4-new", 5: "5x5-original", 6: "6x6-superbig"}


class DiceProblem(StrEnum):
    """Why dice cannot be used (``DiceError.kind``); the fields each names are in ENGLISH."""

    UNKNOWN_SET = "unknown_set"  # a name no file has: the player's to fix
    UNREADABLE = "unreadable"  # these three: a broken file, the operator's to fix
    NOT_SQUARE = "not_square"
    BAD_FACE = "bad_face"
    NO_DEFAULT = "no_default"  # a board size no default set is for


class DiceError(Problem):
    """Dice that cannot be used: ``kind``, a DiceProblem, and the values it names (the set, the
    file and line); ``str()`` says it in English."""

    ENGLISH: ClassVar[Mapping[str, str]] = {
        DiceProblem.UNKNOWN_SET: "unknown dice set {name!r}; choose one of: {names}",
        DiceProblem.UNREADABLE: "cannot read dice file {path!r}: {reason}",
        DiceProblem.NOT_SQUARE: "{name}: {count} dice do not fill a square board",
        DiceProblem.BAD_FACE: "{name} line {line}: {token!r} is not a face",
        DiceProblem.NO_DEFAULT: "no dice for a {size}x{size} board; sizes: {sizes}",
    }


@dataclass(frozen=True)
class DiceSet:
    """Dice for a square board: ``side * side`` dice of six (or any number of) faces."""

    name: str
    dice: tuple[tuple[str, ...], ...]

    @property
    def side(self) -> int:
        return math.isqrt(len(self.dice))

    def roll(self, rng: random.Random) -> Board:
        """Shuffle the dice into the grid and turn each up on a random face."""
        order = list(self.dice)
        rng.shuffle(order)
        return Board(self.side, self.side, tuple(rng.choice(die) for die in order))

    @classmethod
    def parse(cls, name: str, text: str) -> DiceSet:
        dice = []
        casing = LANGUAGES[dice_language(name)].casing
        for number, line in enumerate(text.splitlines(), start=1):
            line = line.split("#", 1)[0].strip()
            if line:
                dice.append(tuple(_face(token, name, number, casing) for token in line.split()))
        side = math.isqrt(len(dice))
        if not dice or side * side != len(dice):
            raise DiceError(DiceProblem.NOT_SQUARE, name=name, count=len(dice))
        return cls(name, tuple(dice))

    @classmethod
    def load(cls, path: str | Path) -> DiceSet:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise DiceError(DiceProblem.UNREADABLE, path=str(path), reason=exc.strerror) from exc
        return cls.parse(path.stem, text)


def _face(token: str, name: str, line: int, casing: Casing) -> str:
    if token == ".":
        return BLANK
    face = casing.lower(unicodedata.normalize("NFC", token))
    if not (is_letters(face) and len(face) <= MAX_FACE_LETTERS):
        raise DiceError(DiceProblem.BAD_FACE, name=name, line=line, token=token)
    return "qu" if face == "q" else face


def available(directory: Path = DICE_DIR) -> dict[str, Path]:
    """Dice set names (file stems) and their files."""
    return {p.stem: p for p in sorted(directory.glob("*.txt"))}


def dice_set(name: str, directory: Path = DICE_DIR) -> DiceSet:
    """A dice set by name; the error lists the names there are."""
    files = available(directory)
    if name not in files:
        raise DiceError(DiceProblem.UNKNOWN_SET, name=name, names=", ".join(files))
    return DiceSet.load(files[name])


def default_for(size: int) -> str:
    """The dice set a board of this side uses unless told otherwise."""
    if size not in DEFAULT_DICE:
        sizes = ", ".join(map(str, DEFAULT_DICE))
        raise DiceError(DiceProblem.NO_DEFAULT, size=size, sizes=sizes)
    return DEFAULT_DICE[size]
