"""Checking ``/boggle start`` options and a server's defaults for them; every refusal says what
is allowed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.i18n.catalogue import text
from bot.i18n.languages import (
    DEFAULT_DICTIONARY,
    DEFAULT_LANGUAGE,
    DICTIONARIES,
    LANGUAGE_CODES,
    LANGUAGE_NAMES,
    language_name,
)
from bot.server_settings.model import ServerSettings
from core.board import Board
from core.codes import CodeError, CodeProblem, decode
from core.dice import DiceError, DiceProblem, available, dice_set
from core.languages import dice_language
from core.languages import language as language_of
from core.round import Clock, Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES, Timer
from core.scoring import default_min_length

MIN_SECONDS = 30
MAX_SECONDS = 30 * 60
DEFAULT_SECONDS = 180
BONUS_START = 60  # a bonus round starts short (``time:`` sets it), words add time
DEFAULT_QUIET = 5 * 60  # an untimed round ends after this long with no new word
MAX_TIMEZONE_LENGTH = 64  # the longest IANA name is 32 characters
NO_SETTINGS = ServerSettings()  # a server that never changed a setting
_DURATION = re.compile(r"^(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s(?:ec)?)?$")
# What a typed board code can get wrong (core says what, the catalogue says it to the player).
_CODE_REFUSALS = {
    CodeProblem.TOO_SHORT: "options.board_too_short",
    CodeProblem.BAD_CHARACTER: "options.board_character",
    CodeProblem.TYPO: "options.board_typo",
    CodeProblem.UNKNOWN_DICE: "options.board_unknown_dice",
    CodeProblem.WRONG_FIT: "options.board_wrong_fit",
    CodeProblem.NOT_A_ROLL: "options.board_not_a_roll",
}


class NoBoard(Exception):
    """No roll gave a board with a word of the minimum length; the player should ask for less."""


@dataclass(frozen=True)
class RoundOptions:
    size: int
    dice: str
    seconds: int
    mode: Mode
    min_length: int
    board: Board | None = None  # a board to replay (a board code) instead of a roll
    hints: bool = False  # the words starting at each die, on the board's picture
    language: str = DEFAULT_LANGUAGE  # the round's messages (its words once lexicons are wired)
    dictionary: str = DEFAULT_DICTIONARY  # "full" or "everyday"
    entrants: frozenset[int] | None = None  # a tournament round: only their words count

    timer: Timer = Timer.STANDARD  # seconds: standard's length, bonus's start, untimed's quiet

    @property
    def clock(self) -> Clock:
        return Clock(self.timer, self.seconds)


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


def round_options(
    size: int | None = None,
    dice: str | None = None,
    time: str | None = None,
    mode: str | None = None,
    min_length: int | None = None,
    defaults: ServerSettings = NO_SETTINGS,
    language: str | None = None,
    dictionary: str | None = None,
    timer: str | None = None,
    quiet: str | None = None,
) -> RoundOptions:
    """The options of a new round: those given, else the server's ``defaults``, else the bot's;
    OptionError when one is out of range. Without dice, the round's language's dice are rolled;
    dice of another language are refused (their letters are not that language's)."""
    chosen_language = parse_language(language or defaults.language)
    size, dice = _board_defaults(size, dice, defaults, chosen_language)
    dice_side = dice_size(dice) if dice else None
    if size is None:
        size = dice_side or 4
    if size not in SIZES:
        raise OptionError("options.size", sizes=", ".join(map(str, SIZES)))
    if dice is None:
        dice = language_of(chosen_language).default_dice(size)
        dice_side = size
    if dice_language(dice) != chosen_language:
        raise OptionError(
            "options.dice_language",
            dice=dice,
            dice_language=language_name(dice_language(dice)),
            language=language_name(chosen_language),
        )
    if dice_side != size:
        fits = ", ".join(n for n in available() if dice_size(n) == size)
        raise OptionError(
            "options.dice_size", dice=repr(dice), side=dice_side, size=size, fits=fits
        )
    chosen_timer = parse_timer(timer) if timer else defaults.timer or Timer.STANDARD
    seconds = _clock_seconds(chosen_timer, time, quiet, defaults)
    chosen_mode = parse_mode(mode or defaults.mode or Mode.CLASSIC.value)
    if min_length is None:
        min_length = defaults.min_length or default_min_length(size)
    if not MIN_LENGTH_LOWEST <= min_length <= MIN_LENGTH_HIGHEST:
        raise OptionError("options.min_length", low=MIN_LENGTH_LOWEST, high=MIN_LENGTH_HIGHEST)
    return RoundOptions(
        size,
        dice,
        seconds,
        chosen_mode,
        min_length,
        language=chosen_language,
        dictionary=parse_dictionary(dictionary or defaults.dictionary),
        timer=chosen_timer,
    )


def _clock_seconds(
    timer: Timer, time: str | None, quiet: str | None, defaults: ServerSettings
) -> int:
    """The seconds the timer runs on: a standard round's length, a bonus round's start (short
    unless ``time`` says), an untimed round's quiet spell; an option the timer has no use for is
    refused rather than ignored."""
    if timer is not Timer.UNTIMED:
        if quiet is not None:
            raise OptionError("coop_timers.quiet_untimed")
        if timer is Timer.BONUS:
            return parse_duration(time) if time else BONUS_START
        return parse_duration(time) if time else defaults.seconds or DEFAULT_SECONDS
    if time is not None:
        raise OptionError("coop_timers.untimed_time")
    return parse_duration(quiet) if quiet else defaults.quiet_seconds or DEFAULT_QUIET


def parse_timer(name: str) -> Timer:
    """A timer by name, any case."""
    try:
        return Timer(name.strip().lower())
    except ValueError:
        raise OptionError("coop_timers.timer", timers=", ".join(t.value for t in Timer)) from None


def replayed(
    code: str, size: int | None, dice: str | None, language: str | None = None
) -> tuple[Board, str, str]:
    """The board, dice set and language a board code names: its dice set is one language's, so
    the code fixes all three (whatever the server's default language), and a size, dice or
    ``language`` option that differs is refused rather than ignored."""
    try:
        board, name = decode(code)
    except CodeError as exc:
        raise _code_refusal(exc) from None
    if (size is not None and size != board.size) or (dice is not None and dice != name):
        raise OptionError("options.board_fixed", dice=name, size=board.size)
    code_language = dice_language(name)
    if language is not None and parse_language(language) != code_language:
        shown = language_name(code_language)
        raise OptionError("options.board_language", dice=name, dice_language=shown)
    return board, name, code_language


def _code_refusal(exc: CodeError) -> OptionError:
    """A code ``decode`` refused, as the catalogue words its kind; what the player typed is
    quoted, as the other refusals quote it."""
    quoted = ("code", "character")
    fields = {name: repr(v) if name in quoted else v for name, v in exc.fields.items()}
    return OptionError(_CODE_REFUSALS[CodeProblem(exc.kind)], **fields)


def hints_for(hints: bool | None, mode: Mode, default: bool = False) -> bool:
    """Hints in casual rounds only: where two finders of a word both score, the numbers help
    everyone alike; in classic and race they would decide who gets there first. Asked for in
    another mode, refused; the server's ``default`` (``hints`` not given) applies to casual
    rounds and is left out of the others."""
    if hints is None:
        return default and mode is Mode.CASUAL
    if hints and mode is not Mode.CASUAL:
        raise OptionError("options.hints_casual")
    return hints


def _board_defaults(
    size: int | None, dice: str | None, defaults: ServerSettings, language: str
) -> tuple[int | None, str | None]:
    """Size and dice as chosen, else the server's: its dice only where they fit the size chosen
    for this round (``size:6`` on a server of 4x4 dice rolls the usual 6x6 set) and its language
    (``language:es`` on a server of English dice rolls the Spanish set)."""
    if dice is not None:
        return size, dice
    server_dice = defaults.dice
    if server_dice is not None and dice_language(server_dice) != language:
        server_dice = None
    if size is None:
        return defaults.size, server_dice
    if server_dice is not None and dice_size(server_dice) == size:
        return size, server_dice
    return size, None


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
