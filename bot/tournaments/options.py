"""A tournament's own options, checked: its name, rounds, the break between them and when it
starts (a time in the server's time zone, or in so long, or when the organiser starts it)."""

from __future__ import annotations

import re
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from bot.kernel.options import OptionError
from bot.rounds.options import RoundOptions, round_options
from core.rules import Timer

MAX_ROUNDS = 10
MAX_BREAK = 30 * 60  # seconds
MAX_NAME = 80  # Discord's event names take 100
LONGEST_WAIT = 30 * 24 * 3600  # a start at most 30 days ahead
_SPAN = re.compile(r"^(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s(?:ec)?)?$")
_CLOCK = re.compile(r"^(?:(\d{4})-(\d{2})-(\d{2})[ t])?(\d{1,2}):(\d{2})$")


def parse_span(raw: str, most: int) -> int:
    """``90s``, ``5m``, ``1h30m`` or a bare number of seconds, from 0 to ``most``."""
    cleaned = raw.strip().lower().replace(" ", "")
    if cleaned.isdigit():
        seconds = int(cleaned)
    else:
        match = _SPAN.match(cleaned)
        if not cleaned or match is None or not any(match.groups()):
            raise OptionError("tournaments.bad_span", text=repr(raw[:20]))
        hours, minutes, secs = (int(g) if g else 0 for g in match.groups())
        seconds = hours * 3600 + minutes * 60 + secs
    if seconds > most:
        raise OptionError("tournaments.span_range", most=f"{most // 60}m")
    return seconds


def parse_start(raw: str | None, now: float, timezone: str | None) -> float | None:
    """When the tournament starts: None (``raw`` not given) when the organiser starts it;
    ``in 10m`` (or ``10m``) from now; ``20:30`` (the next such time) or ``2026-03-14 20:30`` in
    the server's time zone (UTC by default). In the past or over 30 days ahead: refused."""
    if raw is None or not raw.strip():
        return None
    cleaned = raw.strip().lower().removeprefix("in ").strip()
    zone = ZoneInfo(timezone or "UTC")
    clock = _CLOCK.match(cleaned)
    if clock is None:
        try:  # a span of any length: the range is the start's, said below
            at = now + parse_span(cleaned, sys.maxsize)
        except OptionError:
            raise OptionError("tournaments.bad_start", text=repr(raw[:30])) from None
    else:
        year, month, day, hour, minute = clock.groups()
        local_now = datetime.fromtimestamp(now, zone)
        try:
            if year is None:
                moment = local_now.replace(
                    hour=int(hour), minute=int(minute), second=0, microsecond=0
                )
                if moment.timestamp() <= now:
                    moment += timedelta(days=1)
            else:
                moment = datetime(
                    int(year), int(month), int(day), int(hour), int(minute), tzinfo=zone
                )
        except ValueError:
            raise OptionError("tournaments.bad_start", text=repr(raw[:30])) from None
        at = moment.timestamp()
    if at <= now or at - now > LONGEST_WAIT:
        raise OptionError("tournaments.start_range")
    return at


def parse_name(raw: str) -> str:
    cleaned = " ".join(raw.split())
    if not cleaned or len(cleaned) > MAX_NAME:
        raise OptionError("tournaments.bad_name", most=MAX_NAME)
    return cleaned


def check_plan(
    name: str,
    rounds: int,
    break_seconds: int,
    starts_at: float | None,
    options: RoundOptions,
    now: float,
) -> None:
    """A plan's options within their ranges, whatever front end sent them (a forged
    interaction skips the command's own ranges), its rounds' options as ``round_options``
    checks them: OptionError for the first one out."""
    if not name.strip() or len(name) > MAX_NAME:
        raise OptionError("tournaments.bad_name", most=MAX_NAME)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError("tournaments.rounds_range", most=MAX_ROUNDS)
    if not 0 <= break_seconds <= MAX_BREAK:
        raise OptionError("tournaments.break_range", most=f"{MAX_BREAK // 60}m")
    if starts_at is not None and not now < starts_at <= now + LONGEST_WAIT:
        raise OptionError("tournaments.start_range")
    untimed = options.timer is Timer.UNTIMED
    round_options(
        options.size, options.dice, None if untimed else str(options.seconds),
        options.mode.value, options.min_length, language=options.language,
        dictionary=options.dictionary, timer=options.timer.value,
        quiet=str(options.seconds) if untimed else None,
    )  # fmt: skip
