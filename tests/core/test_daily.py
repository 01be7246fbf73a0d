"""The daily board: one per date and language, the same on every machine, never a dud; day
numbers; the summary a player shares."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date, timedelta

from core.daily import (
    DAILY_RULES,
    DAILY_SECONDS,
    DAILY_SIZE,
    EPOCH,
    daily_board,
    daily_seed,
    day_number,
    share_summary,
)
from core.generate import floor_for
from core.languages import language
from core.lexicon import Lexicon
from core.round import Mode
from core.scoring import total_score
from core.solver import solve

LANGUAGES = ("en", "fr", "es", "de")
DAY = date(2026, 3, 14)


def test_the_same_date_and_language_give_the_same_board(lexicon: Lexicon) -> None:
    first = daily_board(DAY, "en", lexicon)
    again = daily_board(DAY, "en", lexicon)
    assert (first.board, first.words, first.max_points) == (
        again.board,
        again.words,
        again.max_points,
    )
    assert first.number == day_number(DAY)


def test_the_seed_does_not_depend_on_the_process() -> None:
    """Another interpreter with another hash salt computes the same seed (no ``hash()``)."""
    code = "from datetime import date; from core.daily import daily_seed; "
    code += f"print(daily_seed(date({DAY.year}, {DAY.month}, {DAY.day}), 'fr'))"
    env = os.environ | {"PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert int(out.stdout) == daily_seed(DAY, "fr")


def test_dates_and_languages_each_change_the_board(
    lexicon: Lexicon, lexicons: dict[str, Lexicon]
) -> None:
    days = [DAY + timedelta(days=n) for n in range(10)]
    by_day = {daily_board(d, "en", lexicon).board for d in days}
    assert len(by_day) == len(days)
    by_language = {daily_board(DAY, code, lexicons[code]).board for code in LANGUAGES}
    assert len(by_language) == len(LANGUAGES)
    assert len({daily_seed(d, code) for d in days for code in LANGUAGES}) == 40


def test_every_daily_board_clears_the_quality_floor(lexicons: dict[str, Lexicon]) -> None:
    """Each language's board is rolled from its own dice and solved with its own words."""
    floor = floor_for(DAILY_SIZE)
    for n in range(25):
        for code in LANGUAGES:
            daily = daily_board(DAY + timedelta(days=n), code, lexicons[code])
            assert daily.board.size == DAILY_SIZE
            assert daily.dice == language(code).default_dice(DAILY_SIZE)
            words = solve(daily.board, lexicons[code], DAILY_RULES.min_length)
            assert words.keys() == daily.words.keys()
            assert daily.max_points == total_score(words, DAILY_RULES.min_length)
            assert floor.met_by(len(words), daily.max_points), (daily.day, code)


def test_the_rules_are_fixed_for_everyone() -> None:
    assert (DAILY_SIZE, DAILY_SECONDS, DAILY_RULES.mode, DAILY_RULES.min_length) == (
        4,
        180,
        Mode.CLASSIC,
        3,
    )


def test_days_are_numbered_from_the_epoch() -> None:
    assert day_number(EPOCH) == 1
    assert day_number(EPOCH + timedelta(days=1)) == 2
    assert day_number(date(2026, 1, 1)) == 366  # 2025 has 365 days


def test_the_summary_shares_figures_but_no_words() -> None:
    summary = share_summary(DAY, "de", words=17, points=23, max_points=70, streak=4)
    assert summary.number == day_number(DAY)
    assert (summary.language, summary.words, summary.points, summary.streak) == ("de", 17, 23, 4)
    assert summary.percent == 32  # 32.86 rounded down
    assert share_summary(DAY, "en", 70, 70, 70, 1).percent == 100
    assert share_summary(DAY, "en", 0, 0, 0, 0).percent == 0
    fields = set(vars(summary))
    assert fields == {"number", "language", "words", "points", "max_points", "streak"}
