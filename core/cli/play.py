"""``play``: one timed round for one player in the terminal, judged by ``core.round``."""

from __future__ import annotations

import argparse
import os
import random
import select
from collections.abc import Iterator
from typing import TextIO

from core.cli import options
from core.cli.console import EXIT_OK, Console, UsageError
from core.commonness import missed_order
from core.generate import roll_with_floor
from core.round import Mode, Round, Rules, Verdict
from core.scoring import default_min_length

MISSED_SHOWN = 30
PLAYER = 1

_FEEDBACK = {
    Verdict.ALREADY_FOUND: "already found",
    Verdict.TAKEN: "already taken",
    Verdict.NOT_ON_BOARD: "not on the board",
    Verdict.NOT_A_WORD: "not a word",
    Verdict.RARE: "not in the everyday dictionary",
    Verdict.ROUND_OVER: "time is up",
}


def cmd_play(args: argparse.Namespace, io: Console) -> int:
    _, dice = options.dice(args)
    lexicon = options.lexicon(args)
    seed = options.seed(args)
    min_length = args.min_length or default_min_length(dice.side)
    board, _ = roll_with_floor(dice, random.Random(seed), lexicon, min_length)
    try:
        rules = Rules(Mode(args.mode), min_length)
    except ValueError as exc:
        raise UsageError(f"--min-length: {exc}") from None
    game = Round.start(
        board,
        lexicon,
        rules,
        deadline=io.clock() + args.time,
        lang=options.lang(args),
        dictionary=args.dictionary,
    )
    io.say(board.grid(options.lang(args).casing))
    io.say(
        f"{_seconds_text(args.time)} to find words of {min_length}+ letters "
        f"(board {board.compact()}, seed {seed}); several words a line; end with EOF (Ctrl-D)."
    )
    io.out.flush()
    for line in _lines_until(io, game.deadline):
        now = io.clock()
        if game.is_over(now):
            io.say("time is up")
            break
        for judgement in game.guess(PLAYER, line, now):
            if judgement.verdict is Verdict.ACCEPTED:
                io.say(f"+{judgement.points} {judgement.word}")
            elif judgement.verdict is Verdict.TOO_SHORT:
                io.say(f"{judgement.word}: too short (at least {min_length} letters)")
            else:
                io.say(f"{judgement.word}: {_FEEDBACK[judgement.verdict]}")
        io.out.flush()
    else:
        if game.is_over(io.clock()):
            io.say("time is up")
    game.stop(io.clock())
    _report(io, game)
    return EXIT_OK


def _report(io: Console, game: Round) -> None:
    results = game.results()
    mine = results.players[0] if results.players else None
    points = mine.points if mine else 0
    count = len(mine.words) if mine else 0
    io.say(
        f"score: {points} points, {count} of {results.total_words} words "
        f"({results.max_score} points possible)"
    )
    if results.missed:
        io.say(_missed_line(tuple(missed_order(results.missed, game.lexicon))))


def _missed_line(missed: tuple[str, ...]) -> str:
    """``missed N words: a, b, ... (and M more)``: the first ``MISSED_SHOWN``, most common first."""
    shown = missed[:MISSED_SHOWN]
    more = f" (and {len(missed) - len(shown)} more)" if len(missed) > len(shown) else ""
    noun = "word" if len(missed) == 1 else "words"
    return f"missed {len(missed)} {noun}: {', '.join(shown)}{more}"


def _seconds_text(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}" if whole >= 60 else f"{seconds:g} seconds"


def _lines_until(io: Console, deadline: float) -> Iterator[str]:
    """Lines from stdin. On a terminal, stop waiting when the deadline passes (select on the file
    descriptor); from a pipe or a test stream, read each line and let the caller check the time."""
    fd = _terminal_fd(io.stdin)
    if fd is None:
        yield from io.stdin
        return
    pending = b""
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode("utf-8", errors="replace")
        remaining = deadline - io.clock()
        if remaining <= 0:
            return
        ready, _, _ = select.select([fd], [], [], remaining)
        if not ready:
            return
        chunk = os.read(fd, 4096)
        if not chunk:
            if pending:
                yield pending.decode("utf-8", errors="replace")
            return
        pending += chunk


def _terminal_fd(stream: TextIO) -> int | None:
    try:
        return stream.fileno() if stream.isatty() else None
    except (AttributeError, OSError, ValueError):
        return None
