"""Board codes (core/codes.py): every roll round-trips, and a typo is caught, never misread."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.board import Board
from core.codes import (
    DICE_NUMBERS,
    FACES,
    SYMBOLS,
    CodeError,
    CodeProblem,
    code_length,
    decode,
    encode,
    faces_of,
    rolled_from,
)
from core.dice import available, dice_set

DICE = sorted(set(DICE_NUMBERS) & set(available()))  # a later language's sets, once here


@st.composite
def rolls(draw: st.DrawFn) -> tuple[Board, str]:
    name = draw(st.sampled_from(DICE))
    return dice_set(name).roll(random.Random(draw(st.integers(0, 2**32 - 1)))), name


def test_every_shipped_dice_set_has_a_number_and_symbols_for_its_faces() -> None:
    assert set(available()) <= set(DICE_NUMBERS)
    assert len(set(DICE_NUMBERS.values())) == len(DICE_NUMBERS)
    for name in DICE:
        faces = faces_of(name)
        assert len(faces) <= len(SYMBOLS) and len(set(faces)) == len(faces)
        assert {face for die in dice_set(name).dice for face in die} <= set(faces), name
    assert "ñ" in faces_of("4x4-es") and faces_of("4x4-new") == FACES


def test_the_first_sets_codes_never_change_and_later_sets_take_two_more() -> None:
    """A set numbered 32 or more is written 0 and two symbols; the first sets' codes are as
    they always were (one symbol, never 0)."""
    board = Board.parse("cato/dogs/rent/lime")
    assert encode(board, "4x4-new")[0] == "1" and len(encode(board, "4x4-new")) == 19
    assert code_length(4, "4x4-new") == 19 and code_length(4, "4x4-tr") == 21
    assert DICE_NUMBERS["4x4-bg"] == 24 and DICE_NUMBERS["6x6-uk"] == 24 + 3 * 16 - 1
    rolled = dice_set("4x4-tr").roll(random.Random(1))
    code = encode(rolled, "4x4-tr")
    assert code[0] == "0" and decode(code) == (rolled, "4x4-tr")


@given(rolls())
def test_a_roll_round_trips(roll: tuple[Board, str]) -> None:
    board, name = roll
    code = encode(board, name)
    assert len(code) == code_length(board.rows, name)
    assert set(code) <= set(SYMBOLS)
    assert decode(code) == (board, name)
    grouped = "-".join(code[i : i + 4] for i in range(0, len(code), 4)).lower()
    assert decode(f"  {grouped} ") == (board, name)  # any case, dashes and spaces


@given(rolls(), st.data())
def test_one_mistyped_character_is_caught(roll: tuple[Board, str], data: st.DataObject) -> None:
    code = encode(*roll)
    at = data.draw(st.integers(0, len(code) - 1))
    wrong = data.draw(st.sampled_from(SYMBOLS).filter(lambda s: s != code[at]))
    with pytest.raises(CodeError):
        decode(code[:at] + wrong + code[at + 1 :])


@given(rolls(), st.data())
def test_two_swapped_neighbours_are_caught(roll: tuple[Board, str], data: st.DataObject) -> None:
    code = encode(*roll)
    at = data.draw(st.integers(0, len(code) - 2).filter(lambda i: code[i] != code[i + 1]))
    with pytest.raises(CodeError, match="typo"):
        decode(code[:at] + code[at + 1] + code[at] + code[at + 2 :])


@given(rolls(), st.data())
def test_a_dropped_or_added_character_is_caught(
    roll: tuple[Board, str], data: st.DataObject
) -> None:
    code = encode(*roll)
    at = data.draw(st.integers(0, len(code) - 1))
    with pytest.raises(CodeError):
        decode(code[:at] + code[at + 1 :])
    with pytest.raises(CodeError):
        decode(code[:at] + data.draw(st.sampled_from(SYMBOLS)) + code[at:])


def test_readable_lookalikes_and_bad_characters() -> None:
    board = dice_set("4x4-new").roll(random.Random(5))
    code = encode(board, "4x4-new")
    assert "0" in code or "1" in code
    lookalike = code.replace("0", "o").replace("1", "l")
    assert decode(lookalike) == (board, "4x4-new")
    with pytest.raises(CodeError, match=r"'U' at position 3 is not a code character"):
        decode(code[:2] + "U" + code[3:])
    with pytest.raises(CodeError, match="too short"):
        decode("7Q")
    with pytest.raises(CodeError, match="too short"):
        decode("")


def _sealed(values: list[int]) -> str:
    """A code with a correct check around any values (as someone forging one would write)."""
    from core.codes import _check

    return "".join(SYMBOLS[v] for v in [*values, *_check(values)])


def test_a_well_checked_code_for_no_real_board_is_refused() -> None:
    with pytest.raises(CodeError, match="no dice set"):
        decode(_sealed([0, 31, 31, *[1] * 16]))  # set number 1,055: none has it
    with pytest.raises(CodeError, match="does not fit the dice 4x4-new"):
        decode(_sealed([DICE_NUMBERS["4x4-new"], *[1] * 15]))
    # sixteen Zs: the 4x4-new dice have one die with a Z
    z = FACES.index("z")
    with pytest.raises(CodeError, match="not a roll of the dice 4x4-new"):
        decode(_sealed([DICE_NUMBERS["4x4-new"], *[z] * 16]))


@pytest.mark.parametrize(
    ("typed", "kind", "fields"),
    [
        ("7Q", CodeProblem.TOO_SHORT, {"code": "7Q"}),
        (" ab!c ", CodeProblem.BAD_CHARACTER, {"code": "ab!c", "character": "!", "position": 3}),
        ("1234", CodeProblem.TYPO, {"code": "1234"}),
        (_sealed([0, 31, 31, *[1] * 16]), CodeProblem.UNKNOWN_DICE, {}),
        (_sealed([1, *[1] * 15]), CodeProblem.WRONG_FIT, {"dice": "4x4-new"}),
        (_sealed([1, *[FACES.index("z")] * 16]), CodeProblem.NOT_A_ROLL, {"dice": "4x4-new"}),
    ],
)
def test_each_refusal_is_a_kind_and_its_values(
    typed: str, kind: CodeProblem, fields: dict[str, object]
) -> None:
    """The bot words a refusal in the reader's language from these alone, never from str()."""
    with pytest.raises(CodeError) as caught:
        decode(typed)
    assert caught.value.kind is kind
    assert caught.value.fields == {"code": typed.strip(), **fields}


def test_boards_no_code_can_name() -> None:
    with pytest.raises(CodeError, match="has no board codes"):
        encode(Board.parse("abcd/efgh/ijkl/mnop"), "my-dice")
    with pytest.raises(CodeError, match=r"faces q, str have no board code"):
        encode(Board.parse("[q][str]cd/efgh/ijkl/mnop"), "4x4-new")


def test_rolled_from_needs_a_different_die_for_each_cell() -> None:
    dice = dice_set("4x4-new")
    rolled = dice.roll(random.Random(3))
    assert rolled_from(rolled, dice)
    # the same face twice more than the dice that carry it
    qu = sum("qu" in die for die in dice.dice)
    cells = ("qu",) * (qu + 1) + rolled.cells[qu + 1 :]
    assert not rolled_from(Board(4, 4, cells), dice)
