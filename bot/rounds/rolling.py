"""A round's game: rolled for a new round and stored, or rebuilt from its stored row (a resume,
results that were never posted). One place decides how options and a stored row become a
``core.Round``, so a round is judged the same before and after a restart."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable

from bot.rounds.model import StoredRound
from bot.rounds.options import DEFAULT_QUIET, NoBoard, RoundOptions, round_options
from bot.rounds.store import RoundStore
from core.board import Board
from core.dice import dice_set
from core.generate import roll_with_floor
from core.hints import word_starts
from core.languages import language
from core.languages import language as language_of
from core.lexicon import Lexicon
from core.round import Clock, Mode, PlayerId, Round, Rules
from core.rules import Timer
from core.solver import solve

Hints = tuple[int, ...]


def roll(
    options: RoundOptions,
    lexicon: Lexicon,
    deadline: float,
    rng: random.Random,
    banned: frozenset[str] = frozenset(),
) -> tuple[Round, Hints | None]:
    """The round: its board (rolled from the options' dice, which are the language's unless
    chosen, with core's floor rule, ``core.generate.floor_for``, or the one to replay) judged
    in the round's language and dictionary, and its hints if asked for (of the words that
    count: not the ``banned``, only everyday ones in the everyday dictionary). A board on
    which no word counts is never played: NoBoard."""
    if options.board is not None:
        board = options.board
        solution = solve(board, lexicon, options.min_length)
    else:
        board, solution = roll_with_floor(dice_set(options.dice), rng, lexicon, options.min_length)
    game = Round.start(
        board,
        lexicon,
        Rules(options.mode, options.min_length),
        deadline,
        excluded=banned,
        solution=solution,
        lang=language(options.language),
        dictionary=options.dictionary,
        clock=options.clock,
    )
    if not game.solution:
        raise NoBoard(options.min_length)
    return game, word_starts(board, game.solution) if options.hints else None


async def store_new(
    storage: RoundStore,
    guild_id: int,
    channel_id: int,
    starter_id: int,
    options: RoundOptions,
    game: Round,
    hints: Hints | None,
    now: float,
) -> StoredRound:
    """A rolled round's row, stored: what a restart rebuilds it from (``stored_game``)."""
    return await storage.create_round(
        guild_id=guild_id,
        channel_id=channel_id,
        starter_id=starter_id,
        board=game.board,
        dice=options.dice,
        mode=options.mode,
        min_length=options.min_length,
        started_at=now,
        deadline=game.deadline,
        excluded=game.excluded,
        hints=hints is not None,
        language=options.language,
        dictionary=options.dictionary,
        entrants=options.entrants,
        timer=options.timer,
        quiet_seconds=options.seconds if options.timer is Timer.UNTIMED else None,
        seconds=options.seconds,
    )


def stored_game(
    stored: StoredRound,
    lexicon: Lexicon,
    accepted: Iterable[tuple[PlayerId, str, float]] = (),
) -> Round:
    """The round a stored row describes, with the ``accepted`` words (as stored) put back."""
    return Round.rebuild(
        Board.parse(stored.board),
        lexicon,
        Rules(Mode(stored.mode), stored.min_length),
        stored.deadline,
        accepted,
        excluded=stored.excluded_words,
        lang=language(stored.language),
        dictionary=stored.dictionary,
        clock=stored_clock(stored),
    )


def stored_clock(stored: StoredRound) -> Clock:
    """The clock a stored round runs on (its quiet spell, untimed; its chosen seconds else)."""
    if stored.timer is Timer.UNTIMED:
        return Clock(stored.timer, stored.quiet_seconds or DEFAULT_QUIET)
    return Clock(stored.timer, stored.seconds or stored.deadline - stored.started_at)


def stored_hints(stored: StoredRound, game: Round) -> Hints | None:
    """The hints a stored round was started with (None: not asked for)."""
    return word_starts(game.board, game.solution) if stored.hints else None


def round_banned(words: Iterable[str], language: str) -> frozenset[str]:
    """The server's banned words as a round in ``language`` reads them (folded by its rules: a
    word its letters cannot spell is on none of its boards). Folding is idempotent, so words
    stored folded already stay as they were."""
    fold = language_of(language).fold
    return frozenset(f for f in map(fold, words) if f is not None)


def stored_options(stored: StoredRound) -> RoundOptions:
    """The options a stored round was started with (Play again: the same board size, dice,
    timer, time, mode, minimum, language, dictionary and hints; a new roll), checked as typed
    options are: OptionError when they no longer hold (its dice set removed since)."""
    seconds = stored.seconds or max(1, round(stored.deadline - stored.started_at))
    untimed = stored.timer is Timer.UNTIMED
    quiet = stored.quiet_seconds or seconds
    options = round_options(
        stored.size,
        stored.dice,
        None if untimed else str(seconds),
        stored.mode.value,
        stored.min_length,
        language=stored.language,
        dictionary=stored.dictionary,
        timer=stored.timer.value,
        quiet=str(quiet) if untimed else None,
    )
    return dataclasses.replace(options, hints=stored.hints)
