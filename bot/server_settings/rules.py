"""What ``/boggle-config`` may change, checked before anything is stored: a server's defaults
(checked as a round's options are, so a default can never make ``/boggle start`` fail), its round
channels and its banned words. No Discord here."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from bot.kernel.options import (
    OptionError,
    dice_size,
    parse_dictionary,
    parse_duration,
    parse_language,
    parse_mode,
    parse_timer,
    parse_timezone,
)
from bot.server_settings.model import ReadDefaults, ServerSettings
from core.guesses import MAX_WORD_LENGTH, normalise
from core.languages import DEFAULT_LANGUAGE, LANGUAGES, dice_language
from core.languages import language as language_of

MAX_ROUND_CHANNELS = 25  # a list longer than this says "anywhere" better
MAX_BANNED_WORDS = 1000  # per server: every round start reads them all
_WORD_SEPARATORS = re.compile(r"[\s,;/|]+")
_LANGUAGES = tuple(LANGUAGES.values())


@dataclass(frozen=True)
class DefaultsChange:
    """The defaults a ``/boggle-config set`` changes, as typed; None: left as it is."""

    size: int | None = None
    dice: str | None = None
    time: str | None = None
    mode: str | None = None
    min_length: int | None = None
    timezone: str | None = None
    hints: bool | None = None
    language: str | None = None
    dictionary: str | None = None
    timer: str | None = None
    quiet: str | None = None


def changed_defaults(
    current: ServerSettings, change: DefaultsChange, read: ReadDefaults | None = None
) -> ServerSettings:
    """The server's settings with ``change`` made; OptionError, naming the setting, when one is
    wrong or they do not fit together (as the rounds ``read`` them; None: each value alone). A new size without dice drops dice of another size (the
    size's usual set is rolled), and a new language without dice drops dice of another language
    (the language's set is rolled)."""
    new_language = (
        parse_language(change.language) if change.language is not None else current.language
    )
    new_dice = change.dice if change.dice is not None else current.dice
    if change.dice is None and new_dice is not None:
        if change.size is not None and dice_size(new_dice) != change.size:
            new_dice = None  # dice of another size
        elif dice_language(new_dice) != new_language:
            new_dice = None  # dice of another language
    changed = ServerSettings(
        size=change.size if change.size is not None else current.size,
        dice=new_dice,
        seconds=parse_duration(change.time) if change.time is not None else current.seconds,
        mode=parse_mode(change.mode) if change.mode is not None else current.mode,
        min_length=change.min_length if change.min_length is not None else current.min_length,
        timezone=parse_timezone(change.timezone)
        if change.timezone is not None
        else current.timezone,
        hints=change.hints if change.hints is not None else current.hints,
        language=new_language,
        dictionary=(
            parse_dictionary(change.dictionary)
            if change.dictionary is not None
            else current.dictionary
        ),
        channels=current.channels,
        banned=current.banned,
        daily_channel=current.daily_channel,
        timer=parse_timer(change.timer) if change.timer is not None else current.timer,
        quiet_seconds=(
            parse_duration(change.quiet) if change.quiet is not None else current.quiet_seconds
        ),
    )
    if read is not None:
        read(changed)  # what a round started with them would be: raises if wrong
    return changed


def reset_defaults(current: ServerSettings) -> ServerSettings:
    """Every default of new rounds back to the bot's own; what is the server's rather than its
    rounds' stays: its language (a French server that resets its rounds still wants French), its
    time zone (its days and leaderboard periods), its round channels, banned words and the
    channel of the end-of-day post."""
    return ServerSettings(
        timezone=current.timezone,
        language=current.language,
        channels=current.channels,
        banned=current.banned,
        daily_channel=current.daily_channel,
    )


def banned_words(typed: str, language: str = DEFAULT_LANGUAGE) -> list[str]:
    """The words of a ``words add`` or ``words remove``, as typed: normalised as a guess is (NFKC,
    lower case by the server's ``language``: Turkish "IŞIK" is "ışık") but not folded, since each round folds them by its own language's rules (a
    Spanish round keeps "peña" apart from "pena", a French one reads both as "pena"); each must
    be spelled with the letters of at least one language, else OptionError naming the first."""
    words: list[str] = []
    for raw in _WORD_SEPARATORS.split(normalise(typed, language_of(language).casing)):
        stripped = raw.strip("\"'`.!:()[]{}*_~-")
        if not stripped:
            continue
        word = unicodedata.normalize("NFC", stripped)
        if len(word) > MAX_WORD_LENGTH or all(lang.fold(word) is None for lang in _LANGUAGES):
            raise OptionError(
                "options.banned_word", word=repr(raw[:MAX_WORD_LENGTH]), longest=MAX_WORD_LENGTH
            )
        words.append(word)
    if not words:
        raise OptionError("options.no_words")
    return list(dict.fromkeys(words))


def unbanned(words: Iterable[str], listed: Iterable[str], language: str) -> set[str]:
    """The listed words a ``words remove`` of ``words`` takes off: those the server's
    ``language`` reads as one of them (in a French server, "petard" takes off "pétard"; words
    banned before they were kept as typed were stored folded that way)."""
    fold = language_of(language).fold
    wanted = set(words)
    folded = {fold(w) or w for w in wanted}
    return {w for w in listed if w in wanted or (fold(w) or w) in folded}
