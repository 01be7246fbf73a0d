"""Streaks over the days a player finished a fair daily board: three days, a break, and dates
taken in two time zones."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

from core.days import local_date
from core.streaks import Streak, streak

D1 = date(2026, 3, 1)


def days(*offsets: int) -> list[date]:
    return [D1 + timedelta(days=n) for n in offsets]


def test_nobody_played() -> None:
    assert streak([], D1) == Streak(0, 0)


def test_three_days_in_a_row() -> None:
    assert streak(days(0, 1, 2), D1 + timedelta(days=2)) == Streak(3, 3)


def test_a_streak_is_still_current_until_a_whole_day_is_missed() -> None:
    played = days(0, 1, 2)
    assert streak(played, D1 + timedelta(days=3)) == Streak(3, 3)  # today not played yet
    assert streak(played, D1 + timedelta(days=4)) == Streak(0, 3)  # yesterday missed: broken


def test_after_a_break_the_new_run_counts_and_the_longest_is_kept() -> None:
    played = days(0, 1, 2, 4, 5)
    assert streak(played, D1 + timedelta(days=5)) == Streak(2, 3)
    assert streak([*played, *days(6, 7, 8)], D1 + timedelta(days=8)) == Streak(5, 5)


def test_two_languages_on_one_day_count_once() -> None:
    assert streak([*days(0, 1), *days(1)], D1 + timedelta(days=1)) == Streak(2, 2)


def test_dates_come_from_each_servers_zone_not_from_hours_apart() -> None:
    """Twelve hours apart in UTC, but on dates two days apart: a Los Angeles evening, then an
    Auckland morning. The dates decide, so the streak is broken."""
    la, akl = ZoneInfo("America/Los_Angeles"), ZoneInfo("Pacific/Auckland")
    evening = datetime(2026, 3, 2, 7, 50, tzinfo=UTC).timestamp()  # 1 March 23:50 in LA
    morning = evening + 12 * 3600  # 3 March 08:50 in Auckland
    played = [local_date(evening, la), local_date(morning, akl)]
    assert played == [date(2026, 3, 1), date(2026, 3, 3)]
    assert streak(played, local_date(morning, akl)) == Streak(1, 1)
    # The other way round: an Auckland date can be a day ahead of the caller's today in LA.
    ahead = [date(2026, 3, 1), date(2026, 3, 2), date(2026, 3, 3)]
    assert streak(ahead, local_date(morning, la)) == Streak(3, 3)  # 2 March in LA


def test_a_date_ahead_of_today_needs_the_days_before_it() -> None:
    """Yesterday's board, then tomorrow's in a zone ahead, but not today's: two runs of one."""
    today = D1 + timedelta(days=1)
    assert streak(days(0, 2), today) == Streak(1, 1)
    assert streak(days(0, 1, 2), today) == Streak(3, 3)
