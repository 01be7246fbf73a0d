"""The command line's options: the parser, the types of its values, and what the values name
(the word list, a board, a dice set, a seed)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

from core.board import Board, BoardError
from core.cli import define
from core.cli.console import UsageError
from core.dice import DATA_DIR, DiceSet, dice_set
from core.languages import (
    DEFAULT_LANGUAGE,
    DICTIONARIES,
    LANGUAGE_CODES,
    Language,
    language,
    lexicon_for,
)
from core.lexicon import Lexicon, load
from core.rules import Mode

DEFAULT_DICT = DATA_DIR / "words" / "en.txt"
DEFAULT_SIZE = 4


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter, given the terminal's width by shutil's rule (``$COLUMNS``, else the
    terminal's, else 80). argparse makes one for every option it is given, and one left to find
    the width itself imports shutil, which loads zlib, bz2 and lzma: 0.6 MB and 2 ms at each start
    of every command, for a width only ``--help`` reads."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_columns() - 2)  # argparse's own margin


def _columns() -> int:
    """``shutil.get_terminal_size().columns``, without shutil."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0 and sys.__stdout__ is not None:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (ValueError, OSError):
            columns = 0
    return columns or 80


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so every error is one line."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(formatter_class=_Formatter, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


def _positive_int(text: str) -> int:
    value = _int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return value


def _count(text: str) -> int:
    value = _int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _shape(text: str) -> tuple[int, int]:
    """``N`` (a square) or ``RxC``."""
    parts = text.lower().split("x")
    if len(parts) > 2:
        raise argparse.ArgumentTypeError(f"{text!r} is not N or RxC")
    sides = [_positive_int(part) for part in parts]
    return sides[0], sides[-1]


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value < 1e7:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more seconds")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed so the usage text can be printed and tested)."""
    parser = _Parser(
        prog="python -m core",
        description="Boggle engine: solve boards, check words, roll, find the best board, play, define.",
        epilog="Exit codes: 0 ok (check: on the board), 1 the answer is no (check: not on the "
        "board; roll: floor not reached), 2 bad input.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = commands.add_parser("solve", help="list the words on boards")
    p.add_argument("boards", nargs="+", metavar="BOARD", help="board text, or - for stdin")
    dictionary_options(p)
    dictionary_choice(p)
    _min_length(p)
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="one JSON object a line per board")
    form.add_argument("--summary", action="store_true", help="one line per board")

    p = commands.add_parser("check", help="is a word on a board? (exit 0 yes, 1 no)")
    p.add_argument("word")
    p.add_argument("board")
    dictionary_options(p)
    _min_length(p)

    p = commands.add_parser("roll", help="roll a board from a dice set")
    _dice(p)
    _seed(p)
    p.add_argument("--min-words", type=_count, metavar="N", help="default: the size's floor")
    p.add_argument("--min-points", type=_count, metavar="N", help="default: the size's floor")
    dictionary_options(p)

    p = commands.add_parser("best", help="search for the highest-scoring board")
    p.add_argument(
        "--size", type=_shape, default=(DEFAULT_SIZE, DEFAULT_SIZE), metavar="N|RxC",
        help="side, or rows x columns such as 4x5 (default 4)",
    )  # fmt: skip
    p.add_argument("--seconds", type=_seconds, default=60.0, metavar="S", help="default 60")
    _seed(p)
    p.add_argument("--iterations", type=_positive_int, metavar="N", help="stop after N boards")
    p.add_argument(
        "--workers", type=_positive_int, metavar="N", help="processes (default: one a core)"
    )
    _min_length(p)
    dictionary_options(p)
    dictionary_choice(p)

    p = commands.add_parser("play", help="play one timed round in the terminal")
    _dice(p)
    p.add_argument("--time", type=_seconds, default=180.0, metavar="SECONDS", help="default 180")
    _seed(p)
    p.add_argument(
        "--mode", choices=[m.value for m in Mode], default=Mode.CLASSIC.value,
        help="scoring mode (one player: all score the same)",
    )  # fmt: skip
    _min_length(p)
    dictionary_options(p)
    dictionary_choice(p)

    define.add_parser(commands)
    return parser


def dictionary_options(p: argparse.ArgumentParser) -> None:
    """--lang, --dict and --cache-dir, shared with python -m core.compile."""
    p.add_argument(
        "--lang", choices=LANGUAGE_CODES, default=DEFAULT_LANGUAGE,
        help="language: its word list, letters, frequencies and dice (default en)",
    )  # fmt: skip
    p.add_argument(
        "--dict", type=Path, default=None, metavar="PATH",
        help="one-word-a-line word list in the language's letters (default: the language's)",
    )  # fmt: skip
    p.add_argument(
        "--cache-dir", type=Path, default=None, metavar="DIR",
        help="lexicon cache (default: $BOGGLE_CACHE_DIR or ~/.cache/boggle)",
    )  # fmt: skip


def _min_length(p: argparse.ArgumentParser) -> None:
    p.add_argument("--min-length", type=_positive_int, metavar="N", help="default: by size")


def _seed(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=_int, metavar="N", help="default: a fresh one, printed")


def _dice(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", type=_positive_int, metavar="N", help="4, 5 or 6 (default 4)")
    p.add_argument("--dice", metavar="NAME", help="dice set, e.g. 4x4-classic (default: by size)")


# --- what the options name ----------------------------------------------------------------------


def lexicon(args: argparse.Namespace) -> Lexicon:
    """``--dict`` in the language's letters, else the language's own lexicon (with frequencies)."""
    if args.dict is None:
        return lexicon_for(lang(args), args.cache_dir)
    return load(args.dict, args.cache_dir, alphabet=lang(args).alphabet)


def lang(args: argparse.Namespace) -> Language:
    return language(args.lang)


def dict_name(args: argparse.Namespace) -> str:
    """The word list's file name, as messages show it."""
    return args.dict.name if args.dict is not None else lang(args).words_file.name


def dictionary_choice(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dictionary", choices=DICTIONARIES, default=DICTIONARIES[0],
        help="full: every word of the list; everyday: common words only (default full)",
    )  # fmt: skip


def board(spec: str) -> Board:
    try:
        return Board.parse(spec)
    except BoardError as exc:
        raise UsageError(f"board {spec!r}: {exc}") from None


def dice(args: argparse.Namespace) -> tuple[str, DiceSet]:
    """The dice set named by ``--dice``, else the one for ``--size``; with its name."""
    if args.dice is not None:
        chosen = dice_set(args.dice)
        if args.size is not None and args.size != chosen.side:
            raise UsageError(
                f"dice set {args.dice!r} is for {chosen.side}x{chosen.side}, not {args.size}"
            )
        return args.dice, chosen
    name = lang(args).default_dice(args.size or DEFAULT_SIZE)
    return name, dice_set(name)


def seed(args: argparse.Namespace) -> int:
    """``--seed``, else a fresh one of 32 bits from the system (printed by the command, so the game
    can be replayed); os.urandom rather than ``random``, which solve and check never import."""
    value: int = args.seed if args.seed is not None else int.from_bytes(os.urandom(4))
    return value
