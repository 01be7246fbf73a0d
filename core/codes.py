"""Board codes: a rolled board and its dice set as a short code, to replay it anywhere.

Crockford base-32 (nothing Discord formats, nothing mistaken for another letter): the dice set,
a character a die, two check characters. Reading forgives case, ``-``, spaces and O/I/L; the
check catches every single mistyped character and every swap of two neighbours. A dice set
numbered 32 or more is written ``0`` and two characters (number - 32 in base 32): the codes of
the first sets never change.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from enum import StrEnum
from string import ascii_lowercase
from typing import ClassVar

from core.board import BLANK, Board
from core.dice import DiceSet, available, dice_set
from core.problems import Problem

SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS = {"O": "0", "I": "1", "L": "1"}
_IGNORED = "- "

# Fixed for good: a code names its dice set and faces by these positions. A new dice set takes a
# new number; a face its set's table lacks needs a new table (a symbol holds 32 values, FACES all).
DICE_NUMBERS = {
    "4x4-new": 1, "4x4-classic": 2, "5x5-original": 3, "5x5-2012": 4, "6x6-superbig": 5,
    "4x4-fr": 6, "5x5-fr": 7, "6x6-fr": 8,
    "4x4-es": 9, "5x5-es": 10, "6x6-es": 11,
    "4x4-de": 12, "5x5-de": 13, "6x6-de": 14,
    "4x4-nl": 15, "5x5-nl": 16, "6x6-nl": 17,
    "4x4-pl": 18, "5x5-pl": 19, "6x6-pl": 20,
    "4x4-pt": 21, "5x5-pt": 22, "6x6-pt": 23,
}  # fmt: skip
# The languages added after Portuguese, in a fixed order: each takes three numbers from 24 on
# (its 4x4, 5x5 and 6x6 sets), whether its dice are here yet or not.
LATER_LANGUAGES = (
    "bg", "cs", "da", "el", "fi", "hr", "hu", "id", "it", "lt", "no", "ro", "ru", "sv", "tr", "uk",
)  # fmt: skip
DICE_NUMBERS |= {
    f"{side}x{side}-{code}": 24 + 3 * k + j
    for k, code in enumerate(LATER_LANGUAGES)
    for j, side in enumerate((4, 5, 6))
}
ESCAPE = 0  # no set has number 0: it starts a set's number of two characters
FIRST_LATER = 24
FACES = (BLANK, *(c for c in ascii_lowercase if c != "q"), "qu", "an", "er", "he", "in", "th")
SPANISH_FACES = (BLANK, *(c for c in ascii_lowercase if c != "q"), "qu", "ñ")
# Polish: its 32 letters fill a symbol, so no blank (no Polish die has one) and no Qu (no q).
POLISH_FACES = tuple("aąbcćdeęfghijklłmnńoóprsśtuwyzźż")
# The face table of each dice set that does not use FACES (a later language's sets number their
# own faces in alphabetical order: ``faces_of``).
FACE_TABLES = {
    **{name: SPANISH_FACES for name in ("4x4-es", "5x5-es", "6x6-es")},
    **{name: POLISH_FACES for name in ("4x4-pl", "5x5-pl", "6x6-pl")},
}
CHECK_PRIME = 1021  # > every weight and < 32 * 32: two characters hold the check
CHECK_CHARS = 2

_DICE_BY_NUMBER = {n: name for name, n in DICE_NUMBERS.items()}


class CodeProblem(StrEnum):
    """What is wrong with a code (``CodeError.kind``); the fields each names are in ENGLISH."""

    NO_CODES = "no_codes"  # encode: the dice set has no number
    FACES_WITHOUT_CODE = "faces_without_code"  # encode: faces its table lacks
    BAD_CHARACTER = "bad_character"
    TOO_SHORT = "too_short"
    TYPO = "typo"
    UNKNOWN_DICE = "unknown_dice"
    WRONG_FIT = "wrong_fit"
    NOT_A_ROLL = "not_a_roll"


class CodeError(Problem):
    """A code that names no board (or a board that has no code): ``kind``, a CodeProblem, and
    the values it names, for the player to fix; ``str()`` says it in English."""

    ENGLISH: ClassVar[Mapping[str, str]] = {
        CodeProblem.NO_CODES: "dice set {dice!r} has no board codes",
        CodeProblem.FACES_WITHOUT_CODE: "faces {faces} have no board code",
        CodeProblem.BAD_CHARACTER: (
            "board code {code!r}: {character!r} at position {position} is not a code character"
        ),
        CodeProblem.TOO_SHORT: "board code {code!r} is too short",
        CodeProblem.TYPO: "board code {code!r} has a typo: its check characters do not match",
        CodeProblem.UNKNOWN_DICE: "board code {code!r} names no dice set this bot has",
        CodeProblem.WRONG_FIT: "board code {code!r} does not fit the dice {dice}",
        CodeProblem.NOT_A_ROLL: "board code {code!r} is not a roll of the dice {dice}",
    }


def encode(board: Board, dice: str) -> str:
    """The code of ``board`` rolled from the dice set named ``dice``.

    CodeError when the dice set has no number or a face has no symbol (the board cannot be
    shared, though it can be played)."""
    if dice not in DICE_NUMBERS:
        raise CodeError(CodeProblem.NO_CODES, dice=dice)
    number = {face: n for n, face in enumerate(faces_of(dice))}
    missing = sorted({f for f in board.cells if f not in number})
    if missing:
        raise CodeError(CodeProblem.FACES_WITHOUT_CODE, faces=", ".join(missing))
    values = [*_set_values(DICE_NUMBERS[dice]), *(number[f] for f in board.cells)]
    return "".join(SYMBOLS[v] for v in [*values, *_check(values)])


def _set_values(number: int) -> list[int]:
    """A dice set's number as the code's first symbols."""
    if number < len(SYMBOLS):
        return [number]
    rest = number - len(SYMBOLS)
    return [ESCAPE, rest // len(SYMBOLS), rest % len(SYMBOLS)]


def decode(code: str) -> tuple[Board, str]:
    """The board and dice set name a code stands for; CodeError saying what is wrong."""
    values = _read(code)
    shown = code.strip()
    if len(values) < 1 + CHECK_CHARS:
        raise CodeError(CodeProblem.TOO_SHORT, code=shown)
    body, check = values[:-CHECK_CHARS], values[-CHECK_CHARS:]
    if _check(body) != check:
        raise CodeError(CodeProblem.TYPO, code=shown)
    number, cells = body[0], body[1:]
    if number == ESCAPE and len(body) >= 3:
        number, cells = len(SYMBOLS) * (1 + body[1]) + body[2], body[3:]
    name = _DICE_BY_NUMBER.get(number)
    if name is None or name not in available():
        raise CodeError(CodeProblem.UNKNOWN_DICE, code=shown)
    dice = dice_set(name)
    faces = faces_of(name)
    if len(cells) != len(dice.dice) or any(v >= len(faces) for v in cells):
        raise CodeError(CodeProblem.WRONG_FIT, code=shown, dice=name)
    board = Board(dice.side, dice.side, tuple(faces[v] for v in cells))
    if not rolled_from(board, dice):
        raise CodeError(CodeProblem.NOT_A_ROLL, code=shown, dice=name)
    return board, name


def faces_of(dice: str) -> tuple[str, ...]:
    """The faces a code of this dice set can name, by their numbers: a later language's sets
    its own faces in alphabetical order (no more than 32)."""
    if dice in FACE_TABLES:
        return FACE_TABLES[dice]
    if DICE_NUMBERS.get(dice, 0) >= FIRST_LATER:
        return _own_faces(dice)
    return FACES


@functools.cache
def _own_faces(dice: str) -> tuple[str, ...]:
    return tuple(sorted({face for die in dice_set(dice).dice for face in die}))


def code_length(side: int, dice: str | None = None) -> int:
    """How many characters the code of a ``side`` x ``side`` board has (of the dice set
    ``dice``: a set numbered 32 or more takes two more)."""
    number = DICE_NUMBERS.get(dice, 0) if dice is not None else 0
    return len(_set_values(number)) + side * side + CHECK_CHARS


def rolled_from(board: Board, dice: DiceSet) -> bool:
    """Whether each cell can be a different die of ``dice`` showing that face (a matching of
    cells to dice, by augmenting paths)."""
    if len(board.cells) != len(dice.dice):
        return False
    cell_of_die: dict[int, int] = {}

    def place(cell: int, seen: set[int]) -> bool:
        for die, faces in enumerate(dice.dice):
            if die in seen or board.cells[cell] not in faces:
                continue
            seen.add(die)
            if die not in cell_of_die or place(cell_of_die[die], seen):
                cell_of_die[die] = cell
                return True
        return False

    return all(place(cell, set()) for cell in range(len(board.cells)))


def _read(code: str) -> list[int]:
    values = []
    for position, ch in enumerate(code.strip(), start=1):
        if ch in _IGNORED:
            continue
        upper = _READ_AS.get(ch.upper(), ch.upper())
        index = SYMBOLS.find(upper) if len(upper) == 1 else -1
        if index < 0:
            raise CodeError(
                CodeProblem.BAD_CHARACTER, code=code.strip(), character=ch, position=position
            )
        values.append(index)
    return values


def _check(values: Sequence[int]) -> list[int]:
    """Two symbols of sum((i + 1) * v) mod a prime: a changed symbol changes the sum by
    (i + 1) * d and two swapped neighbours by their difference, neither a multiple of the prime."""
    total = sum((i + 1) * v for i, v in enumerate(values)) % CHECK_PRIME
    return [total // len(SYMBOLS), total % len(SYMBOLS)]
