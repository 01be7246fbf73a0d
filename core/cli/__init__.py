"""The command line: solve boards, check a word, roll, search for the best board, play a round.

``python -m core COMMAND ...``; ``python -m core COMMAND --help`` for the options. The interface is
stable (scripts and the benchmark rely on it):

    solve BOARD... [--dict PATH] [--min-length N] [--json | --summary]
        BOARD is a board's text form; ``-`` reads one board a line from stdin (blank lines and lines
        starting with ``#`` are skipped). Plain: the words longest first, then alphabetical, then
        ``N words, S points``; with several boards each block starts with ``board <compact form>``
        and blocks are separated by a blank line. ``--summary``: one line a board,
        ``<compact form> <count> <score>``. ``--json``: one JSON object a line, a board each:
        ``{"board", "rows", "cols", "min_length", "count", "score",
        "words": [{"word", "score", "path": [[row, col], ...]}]}``.
    check WORD BOARD [--dict PATH] [--min-length N]
        ``YES`` with the path and the letters it spells, or ``NO`` (with the reason when the word is
        shorter than the minimum length); then whether WORD is in the dictionary. Exit 0 for YES,
        1 for NO.
    roll [--dice NAME | --size N] [--seed N] [--min-words N] [--min-points N] [--dict PATH]
        A board rolled from a dice set, rerolled up to the floor (default: core.generate's rule).
        When no roll reaches it, the best roll is printed with a ``warning:`` line, and exit 1.
    best [--size N|RxC] [--seconds S] [--seed N] [--iterations N] [--workers N]
         [--lang L] [--dict PATH] [--dictionary full|everyday] [--min-length N]
        Simulated annealing for the highest-scoring board, one search a core (``core.best``), with
        a status line on a terminal; Ctrl-C stops it with the best board so far. Prints the board,
        ``N words, P points (...)``, when it was found, the best published ENABLE2K board of that
        shape scored with the same words (for 3x3, 4x4, 5x5), a blank line and the words.
    play [--size N] [--dice NAME] [--time SECONDS] [--seed N] [--mode MODE] [--dict PATH]
        One timed round for one player: words from stdin (several a line), until time is up or EOF.
    define WORD [--lang L] [--senses N]
        What WORD means (core.definitions, offline): each reading on a line (the lemma, or
        ``WORD: past tense of LEMMA`` for a form of it), then its numbered senses with their part
        of speech. ``WORD: valid, no definition known`` (exit 0) for a word with none (or, in
        Spanish, that the game has no definitions in that language); ``WORD: not in the
        dictionary`` and exit 1 for a word that is not one.

Rows and columns are counted from 0. The minimum word length defaults to the official one for the
board's size (3 letters up to 4x4, 4 from 5x5). The dictionary defaults to ``data/words/en.txt``;
``--dict`` takes any one-word-a-line list, cached as a DAWG (``$BOGGLE_CACHE_DIR`` or
``~/.cache/boggle``, or ``--cache-dir``).

Exit codes: 0 done (for ``check``: the word is on the board), 1 the answer is no (``check``: not on
the board or too short; ``roll``: no roll reached the floor), 2 bad input (one line on stderr,
``error: ...``), 130 interrupted.
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
