"""Checking ``/boggle start`` options; every refusal says what is allowed."""

from __future__ import annotations

import re

from core.dice import DiceError, available, default_for, dice_set
from core.round import Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES
from core.scoring import default_min_length

from .catalogue import text
from .live_round import RoundOptions

MIN_SECONDS = 30
MAX_SECONDS = 30 * 60
DEFAULT_SECONDS = 180
_DURATION = re.compile(r"^(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s(?:ec)?)?$")


class OptionError(ValueError):
    """An option the player can fix; the message is shown to them as it is."""


def parse_duration(raw: str) -> int:
    """``90s``, ``3m``, ``2m30s`` or a bare number of seconds, within 30 s to 30 min."""
    cleaned = raw.strip().lower().replace(" ", "")
    if len(cleaned) > 12 or not cleaned.isascii():
        raise OptionError(text("options.bad_duration", text=repr(raw[:20])))
    if cleaned.isdigit():
        seconds = int(cleaned)
    else:
        match = _DURATION.match(cleaned)
        if not cleaned or match is None or not any(match.groups()):
            raise OptionError(text("options.bad_duration", text=repr(raw)))
        minutes, secs = (int(g) if g else 0 for g in match.groups())
        seconds = minutes * 60 + secs
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise OptionError(
            text("options.duration_range", low=f"{MIN_SECONDS}s", high=f"{MAX_SECONDS // 60}m")
        )
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
        raise OptionError(text("options.size", sizes=", ".join(map(str, SIZES))))
    if dice is None:
        dice = default_for(size)
        dice_side = size
    if dice_side != size:
        fits = ", ".join(n for n in available() if _size_of(n) == size)
        raise OptionError(
            text("options.dice_size", dice=repr(dice), side=dice_side, size=size, fits=fits)
        )
    seconds = parse_duration(time) if time else DEFAULT_SECONDS
    try:
        chosen_mode = Mode((mode or Mode.CLASSIC.value).lower())
    except ValueError:
        modes = ", ".join(m.value for m in Mode)
        raise OptionError(text("options.mode", modes=modes)) from None
    if min_length is None:
        min_length = default_min_length(size)
    if not MIN_LENGTH_LOWEST <= min_length <= MIN_LENGTH_HIGHEST:
        raise OptionError(
            text("options.min_length", low=MIN_LENGTH_LOWEST, high=MIN_LENGTH_HIGHEST)
        )
    return RoundOptions(size, dice, seconds, chosen_mode, min_length)


def _size_of(dice: str) -> int:
    try:
        return dice_set(dice).side
    except DiceError as exc:
        raise OptionError(str(exc)) from None
