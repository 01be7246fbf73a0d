"""``/boggle check``'s answer as Discord shows it: each worth its own line in every language,
within a message's limit even for the longest word on the largest board."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.check.discord.render import check_text
from bot.check.service import Checked, Worth
from bot.discord.render.text import CONTENT_LIMIT
from bot.i18n.languages import LANGUAGE_CODES
from core.board import Board
from core.commonness import Band
from core.round import Mode, Rules

BOARD = Board.parse("cato/dogs/rent/lime")
CAT = Checked(
    word="cat",
    board=BOARD,
    rules=Rules(Mode.CLASSIC, 3),
    band=Band.VERY_COMMON,
    path=(0, 1, 2),
    banned=False,
    everyday=True,
    dictionary="full",
    language="en",
    worth=Worth.POINTS,
    points=1,
)


def test_the_facts_in_english() -> None:
    assert check_text(CAT).split("\n") == [
        "🔎 **cat** on this channel's last board (4x4 · classic · words of 3+ letters):",
        "📖 In the full and the everyday dictionary · very common.",
        "🎲 On the board: C (row 1, col 1) → A (row 1, col 2) → T (row 1, col 3)",
        "🏅 Worth 1 pt by that round's rules.",
    ]
    nothing = replace(CAT, band=None, path=None, worth=Worth.NOTHING, points=0)
    assert check_text(nothing).split("\n")[1:] == [
        "📖 Not in the dictionary.",
        "🎲 Not on the board.",
        "🏅 Worth nothing there.",
    ]


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_each_worth_reads_its_own_way(language: str) -> None:
    rules = Rules(Mode.RACE, 7)
    lasts = {
        worth: check_text(replace(CAT, language=language, worth=worth, rules=rules)).split("\n")[-1]
        for worth in Worth
    }
    assert len(set(lasts.values())) == len(Worth)
    assert "7" in lasts[Worth.TOO_SHORT]


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_the_longest_path_on_the_largest_board_fits(language: str) -> None:
    """Every die of a 6x6 board: 36 steps, a word of 40 letters (four "Qu" faces)."""
    board = Board(6, 6, ("qu",) * 4 + ("e",) * 32)
    word = "qu" * 4 + "e" * 32
    answer = check_text(
        replace(CAT, word=word, board=board, path=tuple(range(36)), language=language)
    )
    assert len(word) == 40 and answer.count("→") == 35
    assert len(answer) <= CONTENT_LIMIT
