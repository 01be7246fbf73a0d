"""The solver against the brute-force reference on thousands of random boards and word lists."""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.board import Board
from core.dice import DiceSet, available, dice_set
from core.languages import language
from core.lexicon import Lexicon
from core.solver import find_path, path_spells, solve
from tests.core.brute import (
    boards,
    boards_and_words,
    brute_solve,
    on_board,
    random_walk,
    spell_or_none,
)
from tests.profiles import brute, sized

DICE = sorted(available())


def check_paths(board: Board, found: dict[str, tuple[int, ...]]) -> None:
    for word, path in found.items():
        assert spell_or_none(board, path) == word, (word, path)
        assert path_spells(board, path) == word


@brute
@settings(max_examples=sized(1000), deadline=None)
@given(boards_and_words())
def test_solve_equals_brute_force(case: tuple[Board, list[str], int]) -> None:
    board, words, min_length = case
    found = solve(board, Lexicon.from_words(words), min_length)
    assert set(found) == brute_solve(board, words, min_length)
    check_paths(board, found)


@brute
@settings(max_examples=sized(400), deadline=None)
@given(boards_and_words(min_words=20, max_words=120))
def test_find_path_agrees_with_brute_force(case: tuple[Board, list[str], int]) -> None:
    board, words, _ = case
    for word in set(words):
        path = find_path(board, word)
        assert (path is not None) == on_board(board, word), word
        if path is not None:
            assert spell_or_none(board, path) == word
            assert path_spells(board, path) == word


@brute
@settings(max_examples=sized(300), deadline=None)
@given(boards(max_side=4), st.data())
def test_every_board_word_is_found(board: Board, data: st.DataObject) -> None:
    """Every word a legal path spells (all of them, on small boards) is in the solution."""
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    words = {random_walk(board, rng, rng.randint(1, 16)) for _ in range(40)} - {""}
    found = solve(board, Lexicon.from_words(words), 1)
    assert set(found) == words
    check_paths(board, found)


@brute
@settings(max_examples=sized(200), deadline=None)
@given(boards(max_side=5), st.lists(st.integers(0, 35), max_size=8))
def test_path_spells_rejects_illegal_paths(board: Board, path: list[int]) -> None:
    expected = spell_or_none(board, path) if path else ""
    try:
        got = path_spells(board, path)
    except ValueError:
        got = None
    assert got == expected


def test_solve_empty_lexicon_and_all_blank_board() -> None:
    board = Board.parse("ab./c.d/...")
    assert solve(board, Lexicon.from_words([]), 1) == {}
    blank = Board(2, 2, ("", "", "", ""))
    assert solve(blank, Lexicon.from_words(["a", "ab"]), 1) == {}
    assert find_path(blank, "a") is None
    assert find_path(board, "") is None


def test_min_length_counts_spelled_letters() -> None:
    board = Board.parse("q i/t s")  # Qu I / T S
    lex = Lexicon.from_words(["quit", "quits", "suit", "qit"])
    assert set(solve(board, lex, 4)) == {"quit", "quits"}
    assert set(solve(board, lex, 5)) == {"quits"}
    assert find_path(board, "qit") is None  # a Qu cell cannot spell a bare Q


def test_multi_letter_face_spells_only_as_a_whole() -> None:
    board = Board.parse("[th]e/nx")
    lex = Lexicon.from_words(["the", "then", "ten", "hen", "thex", "t"])
    assert set(solve(board, lex, 1)) == {"the", "then", "thex"}


@brute
@settings(max_examples=sized(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(DICE), st.integers(0, 2**32 - 1))
def test_real_word_list_on_random_rolls(
    en_lexicon: Lexicon, en_words: list[str], name: str, seed: int
) -> None:
    board = DiceSet.load(available()[name]).roll(random.Random(seed))
    found = solve(board, en_lexicon, 3)
    assert set(found) == brute_solve(board, en_words, 3)
    check_paths(board, found)
    for word in list(found)[:50]:
        path = find_path(board, word)
        assert path is not None and path_spells(board, path) == word


@brute
@pytest.mark.parametrize("code", ["nl", "pl", "pt"])
def test_each_language_s_lexicon_on_its_own_dice(lexicons: dict[str, Lexicon], code: str) -> None:
    """Truth on the languages' own letters (Polish ł, ż on 64-bit masks; Dutch and Portuguese
    Qu faces): the solver finds on rolls of the language's dice exactly what a brute force over
    its word list does (each size in the thorough profile, 4x4 in the quick one: a 6x6 board
    of Polish alone took two minutes)."""
    lang = language(code)
    words = lang.read_words().split()
    rng = random.Random(f"truth-{code}")
    for side in (4, 5, 6)[: sized(3)]:
        board = dice_set(lang.default_dice(side)).roll(rng)
        min_length = 3 if side == 4 else 4
        found = solve(board, lexicons[code], min_length)
        assert set(found) == brute_solve(board, words, min_length), (code, board)
        assert found, (code, board)
        check_paths(board, found)


def test_solving_and_finding_a_path_leave_no_garbage_cycle(lexicon: Lexicon) -> None:
    """Their recursive inner functions are let go at the end: nothing of a solve (its paths,
    its tables) waits for the cycle collector, whose pause would land on whatever runs next."""
    board = Board.parse("seta/lrin/gtae/dsqu")
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        word = max(solve(board, lexicon))
        assert find_path(board, word) is not None and find_path(board, "zzz") is None
        gc.collect()
        assert gc.garbage == []
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
