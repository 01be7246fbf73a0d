"""core.battles: the week's dates and the best-five rule."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from core.battles import day_points, score, shown, week_days, week_start


def test_a_week_runs_monday_to_sunday() -> None:
    assert week_start(date(2026, 5, 14)) == date(2026, 5, 11)  # a Thursday
    assert week_start(date(2026, 5, 11)) == date(2026, 5, 11)
    assert week_start(date(2026, 5, 17)) == date(2026, 5, 11)  # Sunday ends it
    assert week_start(date(2026, 1, 1)) == date(2025, 12, 29)  # across a year
    days = week_days(date(2026, 5, 11))
    assert days[0] == date(2026, 5, 11) and days[-1] == date(2026, 5, 17) and len(days) == 7


def test_the_best_five_count_and_missing_players_count_as_zero() -> None:
    assert day_points([10, 50, 20, 40, 30, 60, 5]) == 60 + 50 + 40 + 30 + 20
    assert day_points([7, 3]) == 10  # two players: the mean over five is 2
    assert score(day_points([7, 3])) == Fraction(2)
    assert day_points([]) == 0


def test_a_score_is_shown_exactly() -> None:
    assert [shown(p) for p in (0, 5, 7, 9, 123)] == ["0", "1", "1.4", "1.8", "24.6"]
    assert all(Fraction(shown(p)) == score(p) for p in range(200))
