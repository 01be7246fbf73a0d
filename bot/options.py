"""Checking ``/boggle start`` options; every refusal says what is allowed."""

from __future__ import annotations

import re

from core.dice import DiceError, available, default_for, dice_set
from core.round import Mode
from core.scoring import default_min_length

from .rounds import RoundOptions

SIZES = (4, 5, 6)
MIN_SECONDS = 30
MAX_SECONDS = 30 * 60
DEFAULT_SECONDS = 180
MIN_LENGTHS = (3, 8)  # shorter words score nothing; 8 letters and up all score the most
_DURATION = re.compile(r"^(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s(?:ec)?)?$")


class OptionError(ValueError):
    """An option the player can fix; the message is shown to them as it is."""


def parse_duration(text: str) -> int:
    """``90s``, ``3m``, ``2m30s`` or a bare number of seconds, within 30 s to 30 min."""
    cleaned = text.strip().lower().replace(" ", "")
    if len(cleaned) > 12 or not cleaned.isascii():
        raise OptionError(f"time {text[:20]!r} is not a duration; use e.g. 90s, 3m or 2m30s")
    if cleaned.isdigit():
        seconds = int(cleaned)
    else:
        match = _DURATION.match(cleaned)
        if not cleaned or match is None or not any(match.groups()):
            raise OptionError(f"time {text!r} is not a duration; use e.g. 90s, 3m or 2m30s")
        minutes, secs = (int(g) if g else 0 for g in match.groups())
        seconds = minutes * 60 + secs
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise OptionError("time must be between 30s and 30m")
    return seconds


def round_options(
    size: int | None = None,
    dice: str | None = None,
    time: str | None = None,
    mode: str | None = None,
    min_length: int | None = None,
) -> RoundOptions:
    """The options of a new round, defaults filled in; OptionError when one is out of range."""
    dice_side = _size_of(dice) if dice else None
    if size is None:
        size = dice_side or 4
    if size not in SIZES:
        raise OptionError(f"size must be one of {', '.join(map(str, SIZES))}")
    if dice is None:
        dice = default_for(size)
        dice_side = size
    if dice_side != size:
        fits = ", ".join(n for n in available() if _size_of(n) == size)
        raise OptionError(
            f"dice {dice!r} are for {dice_side}x{dice_side}; for {size}x{size}: {fits}"
        )
    seconds = parse_duration(time) if time else DEFAULT_SECONDS
    try:
        chosen_mode = Mode((mode or Mode.CLASSIC.value).lower())
    except ValueError:
        raise OptionError(f"mode must be one of {', '.join(m.value for m in Mode)}") from None
    if min_length is None:
        min_length = default_min_length(size)
    if not MIN_LENGTHS[0] <= min_length <= MIN_LENGTHS[1]:
        raise OptionError(f"min_length must be between {MIN_LENGTHS[0]} and {MIN_LENGTHS[1]}")
    return RoundOptions(size, dice, seconds, chosen_mode, min_length)


def _size_of(dice: str) -> int:
    try:
        return dice_set(dice).side
    except DiceError as exc:
        raise OptionError(str(exc)) from None
