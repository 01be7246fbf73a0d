"""``main``: parse, run one command, and turn what went wrong into one line and an exit code.

A command's module is imported when that command runs, not before: ``solve`` starts as fast as the
lexicon loads, without ``best``'s search and process pool (``multiprocessing``) in memory.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from core.board import BoardError
from core.cli.console import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_OK, Console, UsageError
from core.cli.options import build_parser
from core.dice import DiceError
from core.languages import LanguageError
from core.lexicon import LexiconError

Command = Callable[[argparse.Namespace, Console], int]
COMMANDS = ("solve", "check", "roll", "best", "play", "define")


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
        return command(args.command)(args, io)
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


def command(name: str) -> Command:
    """The function that runs command ``name``, its module imported now (see above)."""
    if name == "solve":
        from core.cli.solve import cmd_solve

        return cmd_solve
    if name == "check":
        from core.cli.solve import cmd_check

        return cmd_check
    if name == "roll":
        from core.cli.boards import cmd_roll

        return cmd_roll
    if name == "best":
        from core.cli.best import cmd_best

        return cmd_best
    if name == "play":
        from core.cli.play import cmd_play

        return cmd_play
    if name == "define":
        from core.cli.define import cmd_define

        return cmd_define
    raise UsageError(f"unknown command {name!r}")


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
