"""``roll``: a board from real dice, rerolled up to the floor."""

from __future__ import annotations

import argparse
import random

from core.cli import options
from core.cli.console import EXIT_NO, EXIT_OK, Console
from core.generate import DEFAULT_ATTEMPTS, Floor, floor_for, roll_with_floor
from core.scoring import default_min_length, total_score


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
    io.say(board.grid(options.lang(args).casing))
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
