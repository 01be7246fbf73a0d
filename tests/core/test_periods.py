"""Period boundaries: local midnight, Monday, the 1st, in the server's zone (DST included)."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from core.periods import Period, period_start


def at(text: str, zone: ZoneInfo | None = None) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=zone or UTC).timestamp()


@pytest.mark.parametrize(
    ("period", "now", "start"),
    [
        (Period.TODAY, "2026-11-22T23:59:59", "2026-11-22T00:00:00"),
        (Period.TODAY, "2026-11-23T00:00:00", "2026-11-23T00:00:00"),
        (Period.WEEK, "2026-11-22T23:59:59", "2026-11-16T00:00:00"),  # a Sunday
        (Period.WEEK, "2026-11-23T00:00:01", "2026-11-23T00:00:00"),  # the Monday after
        (Period.MONTH, "2026-11-30T12:00:00", "2026-11-01T00:00:00"),
        (Period.MONTH, "2026-12-01T00:00:00", "2026-12-01T00:00:00"),
    ],
)
def test_periods_in_utc(period: Period, now: str, start: str) -> None:
    assert period_start(period, at(now)) == at(start)


def test_all_time_has_no_start() -> None:
    assert period_start(Period.ALL_TIME, at("2026-11-22T12:00:00")) is None


def test_a_zone_moves_the_boundaries() -> None:
    tokyo = ZoneInfo("Asia/Tokyo")  # UTC+9: Monday 00:00 there is Sunday 15:00 UTC
    sunday_evening_utc = at("2026-11-22T16:00:00")
    assert period_start(Period.WEEK, sunday_evening_utc, tokyo) == at("2026-11-23T00:00", tokyo)
    assert period_start(Period.WEEK, sunday_evening_utc) == at("2026-11-16T00:00:00")


def test_a_day_after_a_clock_change_starts_at_local_midnight() -> None:
    paris = ZoneInfo("Europe/Paris")  # summer time ends 2026-10-25 at 03:00 local
    start = period_start(Period.TODAY, at("2026-10-25T20:00", paris), paris)
    assert start == at("2026-10-25T00:00", paris)
    assert at("2026-10-25T20:00", paris) - start == 21 * 3600  # the day has 25 hours
