"""``roll`` (a board from real dice, up to the floor) and ``best`` (search for the top board)."""

from __future__ import annotations

import argparse
import random

from ..generate import DEFAULT_ATTEMPTS, Floor, best_board, floor_for, roll_with_floor
from ..scoring import default_min_length, total_score
from ..solver import solve
from . import options
from .console import EXIT_NO, EXIT_OK, Console, UsageError

BEST_LARGEST = 6


def cmd_roll(args: argparse.Namespace, io: Console) -> int:
    name, dice = options.dice(args)
    seed = options.seed(args)
    min_length = default_min_length(dice.side)
    default = floor_for(dice.side, min_length)
    floor = Floor(
        default.words if args.min_words is None else args.min_words,
        default.points if args.min_points is None else args.min_points,
    )
    lexicon = options.lexicon(args)
    rng = random.Random(seed)
    board, found = roll_with_floor(dice, rng, lexicon, min_length, floor.words, floor.points)
    points = total_score(found, min_length)
    io.say(board.grid())
    io.say(board.compact())
    io.say(
        f"{len(found)} words, {points} points (dice {name}, seed {seed}, min length {min_length})"
    )
    if floor.met_by(len(found), points):
        return EXIT_OK
    io.warn(
        f"none of {DEFAULT_ATTEMPTS} rolls reached the floor of {floor.words} words and "
        f"{floor.points} points; the best of them is shown"
    )
    return EXIT_NO


def cmd_best(args: argparse.Namespace, io: Console) -> int:
    if args.size > BEST_LARGEST:
        raise UsageError(f"best searches boards up to {BEST_LARGEST}x{BEST_LARGEST}")
    lexicon = options.lexicon(args)
    seed = options.seed(args)
    min_length = args.min_length or default_min_length(args.size)
    board, score = best_board(
        lexicon,
        args.size,
        args.size,
        args.seconds,
        random.Random(seed),
        min_length=min_length,
        clock=io.clock,
        max_iterations=args.iterations,
    )
    words = solve(board, lexicon, min_length)
    io.say(board.grid())
    io.say(board.compact())
    io.say(f"{len(words)} words, {score} points (seed {seed}, min length {min_length})")
    return EXIT_OK
