"""Checking ``/boggle start`` options and a server's defaults for them (the values as typed are
read by ``bot.kernel.options``); every refusal says what is allowed."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n.languages import (
    DEFAULT_DICTIONARY,
    DEFAULT_LANGUAGE,
    language_name,
)
from bot.kernel.options import (
    OptionError,
    dice_size,
    parse_dictionary,
    parse_duration,
    parse_language,
    parse_mode,
    parse_timer,
)
from bot.server_settings.model import RoundDefaults, ServerSettings
from core.board import Board
from core.codes import CodeError, CodeProblem, decode
from core.dice import available
from core.languages import dice_language
from core.languages import language as language_of
from core.round import Clock, Mode
from core.rules import MIN_LENGTH_HIGHEST, MIN_LENGTH_LOWEST, SIZES, Timer
from core.scoring import default_min_length

DEFAULT_SECONDS = 180
BONUS_START = 60  # a bonus round starts short (``time:`` sets it), words add time
DEFAULT_QUIET = 5 * 60  # an untimed round ends after this long with no new word
NO_SETTINGS = ServerSettings()  # a server that never changed a setting
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


@dataclass(frozen=True)
class RoundRequest:
    """A round asked for: where, by whom (named as the round shows the starter), with what."""

    guild_id: int
    channel_id: int
    starter_id: int
    starter_name: str
    options: RoundOptions


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


def round_defaults(settings: ServerSettings) -> RoundDefaults:
    """What a round started now takes from a server's ``settings``; OptionError when they do not
    fit together (a server's defaults are checked with it, so they never make ``/boggle start``
    fail)."""
    options = round_options(defaults=settings)
    timer = settings.timer or Timer.STANDARD
    # An untimed round's seconds are its quiet spell: the length is what a timed round takes.
    length = (settings.seconds or DEFAULT_SECONDS) if timer is Timer.UNTIMED else options.seconds
    return RoundDefaults(
        size=options.size,
        dice=options.dice,
        length=length,
        quiet=settings.quiet_seconds or DEFAULT_QUIET,  # untimed rounds', whatever the timer
        mode=options.mode,
        min_length=options.min_length,
        language=options.language,
        dictionary=options.dictionary,
    )
