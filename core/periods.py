"""Where a leaderboard's period starts, in a server's time zone.

Days start at local midnight and weeks on Monday (ISO 8601); time is passed in (unix seconds), so
the same call answers for any moment. A zone's daylight-saving changes are the zone's own:
"today" in a 23-hour day is 23 hours long.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, tzinfo
from enum import StrEnum


class Period(StrEnum):
    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    ALL_TIME = "all"


def period_start(period: Period, now: float, zone: tzinfo = UTC) -> float | None:
    """The first moment of the period holding ``now`` in ``zone`` (a ``ZoneInfo``, say; the
    default needs no time zone database on the machine); None for all time."""
    if period is Period.ALL_TIME:
        return None
    local = datetime.fromtimestamp(now, zone)
    day = local.date()
    if period is Period.WEEK:
        day -= timedelta(days=day.weekday())
    elif period is Period.MONTH:
        day = day.replace(day=1)
    return datetime(day.year, day.month, day.day, tzinfo=zone).timestamp()
