"""A server's settings, as stored and as every feature reads them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from core.round import Mode
from core.rules import Timer


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings: defaults for a new round (None: the bot's own), the channels where
    rounds may start (empty: anywhere) and the words it does not accept."""

    size: int | None = None
    dice: str | None = None
    seconds: int | None = None
    mode: Mode | None = None
    min_length: int | None = None
    timezone: str | None = None  # an IANA name; None: UTC
    hints: bool = False
    language: str = DEFAULT_LANGUAGE  # the server's messages, and its rounds' by default
    dictionary: str = DEFAULT_DICTIONARY  # its rounds' by default
    channels: frozenset[int] = frozenset()
    banned: frozenset[str] = frozenset()
    daily_channel: int | None = None  # where the end-of-day post goes; None: no post
    timer: Timer | None = None  # its rounds' timer (None: standard)
    quiet_seconds: int | None = None  # its untimed rounds' quiet spell (None: the bot's)


@dataclass(frozen=True)
class RoundDefaults:
    """What a round started now would take from a server's settings: the rounds' reading of them
    (``bot.rounds.options.round_defaults``, handed in by the composition root)."""

    size: int
    dice: str
    length: int  # seconds: a timed round's
    quiet: int  # seconds: an untimed round's quiet spell
    mode: Mode
    min_length: int
    language: str
    dictionary: str


# The rounds' reading of a server's settings: OptionError when they do not fit together.
ReadDefaults = Callable[[ServerSettings], RoundDefaults]
