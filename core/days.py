"""The day a server is in, and when it ends: the daily board's calendar.

A day runs from local midnight to the next (23 or 25 hours across daylight saving; where a zone
skips midnight, from the first moment that exists). UTC in DMs and user installs.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, tzinfo


def local_date(now: float, zone: tzinfo = UTC) -> date:
    """The date in ``zone`` at the instant ``now``."""
    return datetime.fromtimestamp(now, zone).date()


def day_start(day: date, zone: tzinfo = UTC) -> float:
    """The first instant of ``day`` in ``zone`` (its local midnight, or the first local time
    after a skipped one)."""
    return datetime(day.year, day.month, day.day, tzinfo=zone).timestamp()


def day_end(day: date, zone: tzinfo = UTC) -> float:
    """The instant ``day`` ends in ``zone``: the start of the next day (not part of ``day``)."""
    return day_start(day + timedelta(days=1), zone)


def last_ended_day(now: float, zone: tzinfo = UTC, delay: float = 0.0) -> date:
    """The latest day in ``zone`` that ended at least ``delay`` seconds before ``now``
    (yesterday, locally, once ``delay`` has passed since midnight): the one the end-of-day post
    is about, once the attempts opened just before its end are over too."""
    return local_date(now - delay, zone) - timedelta(days=1)


__all__ = ["day_end", "day_start", "last_ended_day", "local_date"]
