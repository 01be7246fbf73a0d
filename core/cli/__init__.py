"""The command line: solve boards, check a word, roll, search for the best board, play, define.

``python -m core COMMAND ...``; each command's options in ``--help``, its output and exit codes in
docs/commands.md. The interface is stable: scripts and the benchmarks rely on it.
"""

from core.cli.app import main
from core.cli.console import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_NO, EXIT_OK
from core.cli.options import DEFAULT_DICT, build_parser

__all__ = [
    "DEFAULT_DICT",
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "EXIT_NO",
    "EXIT_OK",
    "build_parser",
    "main",
]
