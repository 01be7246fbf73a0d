"""An option as a player types it (a round's, or a server's default), read as a value: a
duration, a mode, a timer, a language, a dictionary, a time zone, a dice set; ``OptionError``
says what is allowed, in the reader's language. Shared by the rounds' options
(``bot.rounds.options``) and the server's defaults (``bot.server_settings.rules``)."""

from __future__ import annotations

import re
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n.catalogue import text
from bot.i18n.languages import DICTIONARIES, LANGUAGE_CODES, LANGUAGE_NAMES
from core.dice import DiceError, DiceProblem, dice_set
from core.round import Mode
from core.rules import Timer

MIN_SECONDS = 30
MAX_SECONDS = 30 * 60
MAX_TIMEZONE_LENGTH = 64  # the longest IANA name is 32 characters
_DURATION = re.compile(r"^(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s(?:ec)?)?$")


class OptionError(ValueError):
    """An option the player can fix: a catalogue entry and its fields, so that the refusal is
    written in the language of whoever reads it (``str()``: English, for logs)."""

    def __init__(self, key: str, /, **fields: object) -> None:
        super().__init__(text(key, **fields))
        self.key = key
        self.fields = fields

    def text(self, language: str) -> str:
        """The refusal in ``language``."""
        return text(self.key, language, **self.fields)


def parse_duration(raw: str) -> int:
    """``90s``, ``3m``, ``2m30s`` or a bare number of seconds, within 30 s to 30 min."""
    cleaned = raw.strip().lower().replace(" ", "")
    if len(cleaned) > 12 or not cleaned.isascii():
        raise OptionError("options.bad_duration", text=repr(raw[:20]))
    if cleaned.isdigit():
        seconds = int(cleaned)
    else:
        match = _DURATION.match(cleaned)
        if not cleaned or match is None or not any(match.groups()):
            raise OptionError("options.bad_duration", text=repr(raw))
        minutes, secs = (int(g) if g else 0 for g in match.groups())
        seconds = minutes * 60 + secs
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise OptionError(
            "options.duration_range", low=f"{MIN_SECONDS}s", high=f"{MAX_SECONDS // 60}m"
        )
    return seconds


def parse_timer(name: str) -> Timer:
    """A timer by name, any case."""
    try:
        return Timer(name.strip().lower())
    except ValueError:
        raise OptionError("coop_timers.timer", timers=", ".join(t.value for t in Timer)) from None


def parse_mode(name: str) -> Mode:
    """A mode by name, any case."""
    try:
        return Mode(name.lower())
    except ValueError:
        modes = ", ".join(m.value for m in Mode)
        raise OptionError("options.mode", modes=modes) from None


def parse_language(name: str) -> str:
    """A language by its code (``fr``) or its own name (``Français``), any case."""
    cleaned = name.strip().casefold()
    for code in LANGUAGE_CODES:
        if cleaned in (code, LANGUAGE_NAMES[code].casefold()):
            return code
    shown = ", ".join(f"{code} ({LANGUAGE_NAMES[code]})" for code in LANGUAGE_CODES)
    raise OptionError("options.language", languages=shown)


def parse_dictionary(name: str) -> str:
    """``full`` or ``everyday``, any case."""
    cleaned = name.strip().lower()
    if cleaned not in DICTIONARIES:
        raise OptionError("options.dictionary", dictionaries=", ".join(DICTIONARIES))
    return cleaned


def parse_timezone(name: str) -> str:
    """An IANA time zone name (``Europe/Paris``, ``UTC``) that this machine knows."""
    cleaned = name.strip()
    try:
        if not cleaned or len(cleaned) > MAX_TIMEZONE_LENGTH:
            raise ValueError(cleaned)
        ZoneInfo(cleaned)
    except (ValueError, ZoneInfoNotFoundError):
        raise OptionError("options.timezone", name=repr(name[:MAX_TIMEZONE_LENGTH])) from None
    return cleaned


def dice_size(dice: str) -> int:
    """The side of the boards a dice set is for; OptionError for a set that does not exist (a
    broken dice file is the operator's to fix: its DiceError goes on, to the logs)."""
    try:
        return dice_set(dice).side
    except DiceError as exc:
        if exc.kind != DiceProblem.UNKNOWN_SET:
            raise
        raise OptionError("options.dice_set", dice=repr(dice), sets=exc.fields["names"]) from None
