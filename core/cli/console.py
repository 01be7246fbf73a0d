"""What every command shares: the streams and clock it runs with, its exit codes, bad input."""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

EXIT_OK = 0
EXIT_NO = 1  # the answer is no: check found no path, roll could not reach the floor
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """Bad input from the user: reported as one ``error:`` line and exit code 2."""


class Console:
    """The streams and the clock a command runs with (passed in, so tests can drive them)."""

    def __init__(self, stdin: TextIO, out: TextIO, err: TextIO, clock: Callable[[], float]) -> None:
        self.stdin = stdin
        self.out = out
        self.err = err
        self.clock = clock

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def warn(self, text: str) -> None:
        self.err.write(f"warning: {one_line(text)}\n")

    def error(self, text: str) -> None:
        self.err.write(f"error: {one_line(text)}\n")


def one_line(text: str) -> str:
    return " ".join(text.split())
