"""The day boundary: a server's date at an instant and when a date ends, in two zones far apart,
around midnight and across daylight-saving changes, with the clock passed in."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest

from core.daily import DAILY_POST_DELAY, DAILY_SECONDS
from core.days import day_end, day_start, last_ended_day, local_date

AUCKLAND = ZoneInfo("Pacific/Auckland")
LOS_ANGELES = ZoneInfo("America/Los_Angeles")
HOUR = 3600


def utc(text: str) -> float:
    return datetime.fromisoformat(text).replace(tzinfo=UTC).timestamp()


def test_utc_is_the_default() -> None:
    assert local_date(utc("2026-06-01T23:59:59")) == date(2026, 6, 1)
    assert local_date(utc("2026-06-02T00:00:00")) == date(2026, 6, 2)
    assert day_end(date(2026, 6, 1)) == utc("2026-06-02T00:00:00")


@pytest.mark.parametrize(
    ("zone", "midnight_utc", "day"),
    [
        (AUCKLAND, "2026-06-01T12:00:00", date(2026, 6, 2)),  # NZST, UTC+12
        (LOS_ANGELES, "2026-06-02T07:00:00", date(2026, 6, 2)),  # PDT, UTC-7
    ],
)
def test_the_date_turns_over_at_local_midnight(
    zone: ZoneInfo, midnight_utc: str, day: date
) -> None:
    midnight = utc(midnight_utc)
    assert local_date(midnight - 1, zone) == date(2026, 6, 1)
    assert local_date(midnight, zone) == day
    assert day_end(date(2026, 6, 1), zone) == midnight
    assert day_start(day, zone) == midnight
    assert last_ended_day(midnight, zone) == date(2026, 6, 1)
    assert last_ended_day(midnight - 1, zone) == date(2026, 5, 31)
    # the end-of-day post waits for the attempts opened just before midnight
    assert last_ended_day(midnight + 60, zone, DAILY_POST_DELAY) == date(2026, 5, 31)
    assert last_ended_day(midnight + DAILY_POST_DELAY - 1, zone, DAILY_POST_DELAY) == date(
        2026, 5, 31
    )
    assert last_ended_day(midnight + DAILY_POST_DELAY, zone, DAILY_POST_DELAY) == date(2026, 6, 1)


def test_the_post_delay_outlasts_an_attempt_opened_at_the_last_moment() -> None:
    assert DAILY_POST_DELAY == DAILY_SECONDS + 30


def test_one_instant_is_two_dates_in_two_zones() -> None:
    now = utc("2026-06-01T20:00:00")
    assert local_date(now, AUCKLAND) == date(2026, 6, 2)  # 08:00 the next morning
    assert local_date(now, LOS_ANGELES) == date(2026, 6, 1)  # 13:00


@pytest.mark.parametrize(
    ("zone", "day", "start_utc", "end_utc", "hours"),
    [
        # Auckland: clocks go back 03:00 -> 02:00 on 5 April 2026 (NZDT +13 to NZST +12).
        (AUCKLAND, date(2026, 4, 5), "2026-04-04T11:00:00", "2026-04-05T12:00:00", 25),
        # Auckland: clocks go forward 02:00 -> 03:00 on 27 September 2026.
        (AUCKLAND, date(2026, 9, 27), "2026-09-26T12:00:00", "2026-09-27T11:00:00", 23),
        # Los Angeles: forward on 8 March 2026 (PST -8 to PDT -7), back on 1 November.
        (LOS_ANGELES, date(2026, 3, 8), "2026-03-08T08:00:00", "2026-03-09T07:00:00", 23),
        (LOS_ANGELES, date(2026, 11, 1), "2026-11-01T07:00:00", "2026-11-02T08:00:00", 25),
    ],
)
def test_a_daylight_saving_day_is_as_long_as_the_zone_makes_it(
    zone: ZoneInfo, day: date, start_utc: str, end_utc: str, hours: int
) -> None:
    start, end = day_start(day, zone), day_end(day, zone)
    assert (start, end) == (utc(start_utc), utc(end_utc))
    assert end - start == hours * HOUR
    assert local_date(start, zone) == day
    assert local_date(end - 1, zone) == day
    assert local_date(end, zone) != day


def test_a_skipped_midnight_starts_the_day_at_the_first_real_moment() -> None:
    """Santiago moved its clocks forward at midnight (24:00 -> 01:00) on 7 September 2024."""
    santiago = ZoneInfo("America/Santiago")
    start = day_start(date(2024, 9, 8), santiago)
    assert start == utc("2024-09-08T04:00:00")
    assert local_date(start, santiago) == date(2024, 9, 8)
    assert local_date(start - 1, santiago) == date(2024, 9, 7)
