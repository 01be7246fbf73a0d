"""Dice sets, rolling, and the scoring table."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.dice import DiceError, DiceProblem, DiceSet, available, default_for, dice_set
from core.languages import LANGUAGE_CODES, dice_language, language
from core.scoring import TABLE, default_min_length, total_score, word_score
from tests.core.brute import DICE_DIR, brute_score

EXPECTED = {
    "4x4-classic": 16,
    "4x4-new": 16,
    "5x5-original": 25,
    "5x5-2012": 25,
    "6x6-superbig": 36,
    **{f"{n}x{n}-{code}": n * n for code in LANGUAGE_CODES if code != "en" for n in (4, 5, 6)},
}
MULTI_DIE = ("qu", "in", "th", "er", "he", "an")


def load(name: str) -> DiceSet:
    return DiceSet.load(DICE_DIR / f"{name}.txt")


def test_every_dice_file_is_known() -> None:
    assert set(available()) == set(EXPECTED)
    assert {p.stem for p in DICE_DIR.glob("*.txt")} == set(EXPECTED)


@pytest.mark.parametrize(("name", "count"), sorted(EXPECTED.items()))
def test_dice_files_load(name: str, count: int) -> None:
    dice = load(name)
    assert len(dice.dice) == count
    assert dice.side**2 == count
    assert all(len(die) == 6 for die in dice.dice)
    faces = [f for die in dice.dice for f in die]
    assert "q" not in faces  # every Q face reads as Qu
    assert all(f == "" or (f.isalpha() and f.islower()) for f in faces)
    # every letter is one of the set's language (Spanish's ñ, Polish's ą ł ż...; no French é)
    alphabet = language(dice_language(name)).alphabet
    assert all(letter in alphabet for f in faces for letter in f)
    assert dice == dice_set(name)


def test_q_faces_are_qu() -> None:
    for name in EXPECTED:
        qu_dice = [die for die in load(name).dice if "qu" in die]
        has_q = "q" in language(dice_language(name)).alphabet  # Polish has no Q
        assert bool(qu_dice) == has_q, name
    assert DiceSet.parse("t", "Q A A A A A\n" * 4).dice[0][0] == "qu"


def test_multi_letter_and_blank_dice() -> None:
    for name in ("5x5-2012", "6x6-superbig"):
        assert tuple(MULTI_DIE) in load(name).dice
    assert ("e", "i", "o", "", "", "") in load("6x6-superbig").dice
    for name in ("4x4-classic", "4x4-new", "5x5-original", "5x5-2012"):
        assert all("" not in die for die in load(name).dice)
    assert sum(die.count("") for die in load("6x6-superbig").dice) == 3


def test_known_dice() -> None:
    assert ("h", "i", "m", "n", "qu", "u") in load("4x4-new").dice
    assert ("a", "b", "j", "m", "o", "qu") in load("4x4-classic").dice
    assert ("b", "j", "k", "qu", "x", "z") in load("5x5-original").dice
    assert ("j", "k", "qu", "w", "x", "z") in load("6x6-superbig").dice


def matching(board_cells: Sequence[str], dice: Sequence[Sequence[str]]) -> bool:
    """Whether each cell can be given its own die showing that face (augmenting paths)."""
    owner: dict[int, int] = {}

    def place(cell: int, seen: set[int]) -> bool:
        for d, die in enumerate(dice):
            if board_cells[cell] in die and d not in seen:
                seen.add(d)
                if d not in owner or place(owner[d], seen):
                    owner[d] = cell
                    return True
        return False

    return len(board_cells) == len(dice) and all(place(c, set()) for c in range(len(board_cells)))


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(EXPECTED)), st.integers(0, 2**64))
def test_roll_uses_each_die_once(name: str, seed: int) -> None:
    dice = load(name)
    board = dice.roll(random.Random(seed))
    assert (board.rows, board.cols) == (dice.side, dice.side)
    assert matching(board.cells, dice.dice)
    assert board == dice.roll(random.Random(seed))


def test_matching_can_fail() -> None:
    dice = load("4x4-new").dice
    assert not matching(("qu",) * 16, dice)  # one die has Qu
    assert not matching(("a",) * 15 + ("z",), dice)  # two dice have A
    assert matching(tuple(die[0] for die in dice), dice)


def test_rolls_differ_by_seed() -> None:
    dice = load("4x4-new")
    boards = {dice.roll(random.Random(seed)).cells for seed in range(20)}
    assert len(boards) == 20


def test_default_sets() -> None:
    assert default_for(4) == "4x4-new"
    assert default_for(5) == "5x5-original"
    assert default_for(6) == "6x6-superbig"
    with pytest.raises(DiceError, match="3x3"):
        default_for(3)
    with pytest.raises(DiceError, match="4x4-new") as caught:
        dice_set("nope")
    assert caught.value.kind is DiceProblem.UNKNOWN_SET
    assert caught.value.fields["name"] == "nope"
    assert str(caught.value.fields["names"]).split(", ") == list(available())


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", ["0 dice"]),
        ("# only a comment\n", ["0 dice"]),
        ("A B C D E F\n" * 3, ["3 dice", "square"]),
        ("A B C D E F\n" * 3 + "A B 1 D E F\n", ["line 4", "'1'"]),
        ("A B C D E F\n" * 3 + "A B C D E Four\n", ["line 4", "Four"]),
        ("A B C D E F\n" * 3 + "A B C D E ﬁ\n", ["line 4"]),
    ],
)
def test_bad_dice_files(text: str, words: list[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DiceError) as caught:
        DiceSet.load(path)
    for word in words:
        assert word in str(caught.value)
    assert "bad" in str(caught.value)


def test_unreadable_dice_file(tmp_path: Path) -> None:
    with pytest.raises(DiceError, match="cannot read"):
        DiceSet.load(tmp_path / "missing.txt")
    with pytest.raises(DiceError):
        DiceSet.load(tmp_path)


def test_comments_and_blank_faces_parse() -> None:
    dice = DiceSet.parse("x", "# c\nA . Qu th # trailing\n\nb c d e\nf g h i\nj k l m\n")
    assert dice.dice[0] == ("a", "", "qu", "th")
    assert dice.side == 2


# --- scoring --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "points"),
    [(1, 0), (2, 0), (3, 1), (4, 1), (5, 2), (6, 3), (7, 5), (8, 11), (9, 11), (16, 11)],
)
def test_score_table(length: int, points: int) -> None:
    assert word_score("a" * length) == points
    assert word_score("a" * length, min_length=1) == points


def test_below_minimum_scores_nothing() -> None:
    assert word_score("cat", min_length=4) == 0
    assert word_score("cats", min_length=4) == 1
    assert word_score("cats", min_length=5) == 0
    assert word_score("") == 0
    assert default_min_length(4) == 3
    assert default_min_length(3) == 3
    assert default_min_length(5) == 4
    assert default_min_length(6) == 4


def test_qu_counts_two_letters() -> None:
    assert word_score("quit") == 1
    assert word_score("quit", min_length=4) == 1
    assert word_score("quits") == 2
    assert word_score("quilts") == 3
    assert word_score("quieter") == 5


@given(st.lists(st.text(alphabet="abq", max_size=12), max_size=20), st.integers(1, 6))
def test_total_is_the_sum(words: list[str], min_length: int) -> None:
    expected = sum(brute_score(w, min_length) for w in words)
    assert total_score(words, min_length) == expected
    assert TABLE[-1] == 11
