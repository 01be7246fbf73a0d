"""``main``: parse, run one command, and turn what went wrong into one line and an exit code."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from core.board import BoardError
from core.cli.boards import cmd_best, cmd_roll
from core.cli.console import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, Console, UsageError
from core.cli.define import cmd_define
from core.cli.options import build_parser
from core.cli.play import cmd_play
from core.cli.solve import cmd_check, cmd_solve
from core.dice import DiceError
from core.languages import LanguageError
from core.lexicon import LexiconError

COMMANDS: dict[str, Callable[[argparse.Namespace, Console], int]] = {
    "solve": cmd_solve,
    "check": cmd_check,
    "roll": cmd_roll,
    "best": cmd_best,
    "play": cmd_play,
    "define": cmd_define,
}


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Run one command; returns the exit code. Streams and clock can be passed in for tests."""
    io = Console(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, clock)
    try:
        with contextlib.redirect_stdout(io.out):  # --help goes where the caller said
            args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError(f"choose a command: {', '.join(COMMANDS)} (see --help)")
        return COMMANDS[args.command](args, io)
    except (UsageError, BoardError, DiceError, LanguageError, LexiconError) as exc:
        io.error(str(exc))
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, and keep Python from complaining at exit.
        _silence_stdout()
        return EXIT_OK
    except KeyboardInterrupt:
        io.err.write("interrupted\n")
        return EXIT_INTERRUPTED
    except SystemExit as exc:  # --help and --version exit through argparse
        return exc.code if isinstance(exc.code, int) else EXIT_OK


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
