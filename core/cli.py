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
    check WORD BOARD [--dict PATH]
        ``YES`` with the path and the letters it spells, or ``NO``; then whether WORD is in the
        dictionary. Exit 0 for YES, 1 for NO.
    roll [--dice NAME | --size N] [--seed N] [--min-words N] [--min-points N] [--dict PATH]
        A board rolled from a dice set, rerolled up to the floor (default: the size's floor).
    best [--size N] [--seconds S] [--seed N] [--iterations N] [--dict PATH] [--min-length N]
        Simulated annealing for the highest-scoring board.
    play [--size N] [--dice NAME] [--time SECONDS] [--seed N] [--mode MODE] [--dict PATH]
        One timed round for one player: words from stdin (several a line), until time is up or EOF.

Rows and columns are counted from 0. The minimum word length defaults to the official one for the
board's size (3 letters up to 4x4, 4 from 5x5). The dictionary defaults to ``data/words/en.txt``;
``--dict`` takes any one-word-a-line list, cached as a DAWG (``$BOGGLE_CACHE_DIR`` or
``~/.cache/boggle``, or ``--cache-dir``).

Exit codes: 0 done (for ``check``: the word is on the board), 1 ``check`` found no path, 2 bad input
(one line on stderr, ``error: ...``), 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import select
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import NoReturn, TextIO

from .board import Board, BoardError
from .dice import DATA_DIR, DiceError, default_for, dice_set
from .generate import best_board, floor_for, roll_with_floor
from .lexicon import Lexicon, LexiconError, load
from .round import Mode, Round, Rules, Verdict
from .scoring import default_min_length, total_score, word_score
from .solver import Path as CellPath
from .solver import find_path, solve

DEFAULT_DICT = DATA_DIR / "words" / "en.txt"
MISSED_SHOWN = 30
PLAYER = 1

EXIT_OK = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


class UsageError(Exception):
    """Bad input from the user: reported as one ``error:`` line and exit code 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage and exiting, so every error is one line."""

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
        description="Boggle engine: solve boards, check words, roll, find the best board, play.",
        epilog="Exit codes: 0 ok (check: on the board), 1 check: not on the board, 2 bad input.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def dictionary(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--dict", type=Path, default=DEFAULT_DICT, metavar="PATH",
            help="one-word-a-line word list (default: data/words/en.txt)",
        )  # fmt: skip
        p.add_argument(
            "--cache-dir", type=Path, default=None, metavar="DIR",
            help="lexicon cache (default: $BOGGLE_CACHE_DIR or ~/.cache/boggle)",
        )  # fmt: skip

    p = commands.add_parser("solve", help="list the words on boards")
    p.add_argument("boards", nargs="+", metavar="BOARD", help="board text, or - for stdin")
    dictionary(p)
    p.add_argument("--min-length", type=_positive_int, metavar="N", help="default: by size")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="one JSON object a line per board")
    form.add_argument("--summary", action="store_true", help="one line per board")

    p = commands.add_parser("check", help="is a word on a board? (exit 0 yes, 1 no)")
    p.add_argument("word")
    p.add_argument("board")
    dictionary(p)

    p = commands.add_parser("roll", help="roll a board from a dice set")
    _dice_options(p)
    p.add_argument("--seed", type=_int, metavar="N", help="default: a fresh one, printed")
    p.add_argument("--min-words", type=_count, metavar="N", help="default: the size's floor")
    p.add_argument("--min-points", type=_count, metavar="N", help="default: the size's floor")
    dictionary(p)

    p = commands.add_parser("best", help="search for the highest-scoring board")
    p.add_argument("--size", type=_positive_int, default=4, metavar="N", help="side (default 4)")
    p.add_argument("--seconds", type=_seconds, default=60.0, metavar="S", help="default 60")
    p.add_argument("--seed", type=_int, metavar="N", help="default: a fresh one, printed")
    p.add_argument("--iterations", type=_positive_int, metavar="N", help="stop after N boards")
    p.add_argument("--min-length", type=_positive_int, metavar="N", help="default: by size")
    dictionary(p)

    p = commands.add_parser("play", help="play one timed round in the terminal")
    _dice_options(p)
    p.add_argument("--time", type=_seconds, default=180.0, metavar="SECONDS", help="default 180")
    p.add_argument("--seed", type=_int, metavar="N", help="default: a fresh one, printed")
    p.add_argument(
        "--mode", choices=[m.value for m in Mode], default=Mode.CLASSIC.value,
        help="scoring mode (one player: all score the same)",
    )  # fmt: skip
    p.add_argument("--min-length", type=_positive_int, metavar="N", help="default: by size")
    dictionary(p)
    return parser


def _dice_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", type=_positive_int, metavar="N", help="4, 5 or 6 (default 4)")
    p.add_argument("--dice", metavar="NAME", help="dice set, e.g. 4x4-classic (default: by size)")


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Run one command; returns the exit code. Streams and clock can be passed in for tests."""
    io = _IO(stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr, clock)
    try:
        with contextlib.redirect_stdout(io.out):  # --help goes where the caller said
            args = build_parser().parse_args(argv)
        if args.command is None:
            raise UsageError("choose a command: solve, check, roll, best, play (see --help)")
        return _COMMANDS[args.command](args, io)
    except (UsageError, BoardError, DiceError, LexiconError) as exc:
        io.err.write(f"error: {_one_line(str(exc))}\n")
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


class _IO:
    def __init__(self, stdin: TextIO, out: TextIO, err: TextIO, clock: Callable[[], float]) -> None:
        self.stdin = stdin
        self.out = out
        self.err = err
        self.clock = clock

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _lexicon(args: argparse.Namespace) -> Lexicon:
    return load(args.dict, args.cache_dir)


# --- solve --------------------------------------------------------------------------------------


def _boards(specs: Sequence[str], stdin: TextIO) -> Iterator[Board]:
    """The boards named on the command line, ``-`` expanded to stdin's lines as they arrive."""
    for spec in specs:
        if spec != "-":
            yield _board(spec)
            continue
        for number, line in enumerate(stdin, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                yield Board.parse(text)
            except BoardError as exc:
                raise UsageError(f"stdin line {number}: {exc}") from None


def _board(spec: str) -> Board:
    try:
        return Board.parse(spec)
    except BoardError as exc:
        raise UsageError(f"board {spec!r}: {exc}") from None


def ordered(words: Mapping[str, CellPath] | Sequence[str]) -> list[str]:
    """Longest first, then alphabetical: the order every listing of words uses."""
    return sorted(words, key=lambda w: (-len(w), w))


def _cmd_solve(args: argparse.Namespace, io: _IO) -> int:
    lexicon = _lexicon(args)
    several = len(args.boards) > 1 or "-" in args.boards
    for index, board in enumerate(_boards(args.boards, io.stdin)):
        min_length = args.min_length or default_min_length(board.size)
        found = solve(board, lexicon, min_length)
        score = total_score(found, min_length)
        if args.summary:
            io.say(f"{board.compact()} {len(found)} {score}")
        elif args.json:
            io.say(json.dumps(solution_json(board, found, min_length), separators=(",", ":")))
        else:
            if several:
                io.say(("\n" if index else "") + f"board {board.compact()}")
            for word in ordered(found):
                io.say(word)
            io.say(f"{len(found)} words, {score} points")
    return EXIT_OK


def solution_json(board: Board, found: Mapping[str, CellPath], min_length: int) -> dict:
    """The ``--json`` record for one board (the stable shape documented above)."""
    words = [
        {
            "word": word,
            "score": word_score(word, min_length),
            "path": [list(board.position(cell)) for cell in found[word]],
        }
        for word in ordered(found)
    ]
    return {
        "board": board.text(),
        "rows": board.rows,
        "cols": board.cols,
        "min_length": min_length,
        "count": len(words),
        "score": sum(w["score"] for w in words),
        "words": words,
    }


# --- check --------------------------------------------------------------------------------------


def _cmd_check(args: argparse.Namespace, io: _IO) -> int:
    word = args.word.strip().lower()
    if not (word.isascii() and word.isalpha()):
        raise UsageError(f"word {args.word!r}: use letters a-z")
    board = _board(args.board)
    lexicon = _lexicon(args)
    path = find_path(board, word)
    if path is None:
        io.say("NO")
    else:
        cells = " ".join(f"({r},{c})" for r, c in map(board.position, path))
        letters = " ".join(_shown(board.cells[cell]) for cell in path)
        io.say(f"YES {cells} {letters}")
    in_dict = word in lexicon
    where = args.dict.name
    io.say(f"{'in' if in_dict else 'not in'} the dictionary ({where})")
    return EXIT_OK if path is not None else EXIT_NO


def _shown(face: str) -> str:
    return face[:1].upper() + face[1:]


# --- roll ---------------------------------------------------------------------------------------


def _dice_for(args: argparse.Namespace) -> tuple[str, int]:
    if args.dice is not None:
        dice = dice_set(args.dice)
        if args.size is not None and args.size != dice.side:
            raise UsageError(
                f"dice set {args.dice!r} is for {dice.side}x{dice.side}, not {args.size}"
            )
        return args.dice, dice.side
    size = args.size or 4
    return default_for(size), size


def _seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 32)


def _cmd_roll(args: argparse.Namespace, io: _IO) -> int:
    name, size = _dice_for(args)
    dice = dice_set(name)
    seed = _seed(args)
    rng = random.Random(seed)
    floor_words, floor_points = floor_for(size)
    min_words = floor_words if args.min_words is None else args.min_words
    min_points = floor_points if args.min_points is None else args.min_points
    min_length = default_min_length(size)
    lexicon = _lexicon(args)
    board, found = roll_with_floor(dice, rng, lexicon, min_length, min_words, min_points)
    io.say(board.grid())
    io.say(board.compact())
    io.say(
        f"{len(found)} words, {total_score(found, min_length)} points "
        f"(dice {name}, seed {seed}, min length {min_length})"
    )
    return EXIT_OK


# --- best ---------------------------------------------------------------------------------------


def _cmd_best(args: argparse.Namespace, io: _IO) -> int:
    if args.size > 6:
        raise UsageError("best searches boards up to 6x6")
    lexicon = _lexicon(args)
    seed = _seed(args)
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


# --- play ---------------------------------------------------------------------------------------

_FEEDBACK = {
    Verdict.ALREADY_FOUND: "already found",
    Verdict.TAKEN: "already taken",
    Verdict.NOT_ON_BOARD: "not on the board",
    Verdict.NOT_A_WORD: "not a word",
    Verdict.ROUND_OVER: "time is up",
}


def _cmd_play(args: argparse.Namespace, io: _IO) -> int:
    name, size = _dice_for(args)
    dice = dice_set(name)
    lexicon = _lexicon(args)
    seed = _seed(args)
    min_length = args.min_length or default_min_length(size)
    board, _ = roll_with_floor(dice, random.Random(seed), lexicon, min_length)
    try:
        rules = Rules(Mode(args.mode), min_length)
    except ValueError as exc:
        raise UsageError(f"--min-length: {exc}") from None
    game = Round.start(board, lexicon, rules, deadline=io.clock() + args.time)
    io.say(board.grid())
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


def _report(io: _IO, game: Round) -> None:
    results = game.results()
    mine = results.players[0] if results.players else None
    points = mine.points if mine else 0
    count = len(mine.words) if mine else 0
    io.say(
        f"score: {points} points, {count} of {results.total_words} words "
        f"({results.max_score} points possible)"
    )
    missed = list(results.missed)
    if missed:
        shown = missed[:MISSED_SHOWN]
        more = f" (and {len(missed) - len(shown)} more)" if len(missed) > len(shown) else ""
        io.say(f"missed {len(missed)}{more}: " + " ".join(shown))


def _seconds_text(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}" if whole >= 60 else f"{seconds:g} seconds"


def _lines_until(io: _IO, deadline: float) -> Iterator[str]:
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


_COMMANDS: dict[str, Callable[[argparse.Namespace, _IO], int]] = {
    "solve": _cmd_solve,
    "check": _cmd_check,
    "roll": _cmd_roll,
    "best": _cmd_best,
    "play": _cmd_play,
}
