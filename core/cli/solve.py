"""``solve`` (every word on boards) and ``check`` (one word on one board)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TextIO

from core.board import Board, BoardError
from core.cli import options
from core.cli.console import EXIT_NO, EXIT_OK, Console, UsageError
from core.commonness import band, is_everyday
from core.scoring import default_min_length, total_score, word_score
from core.solver import Path as CellPath
from core.solver import find_path, solve


def boards(specs: Sequence[str], stdin: TextIO) -> Iterator[Board]:
    """The boards named on the command line, ``-`` expanded to stdin's lines as they arrive."""
    for spec in specs:
        if spec != "-":
            yield options.board(spec)
            continue
        for number, line in enumerate(stdin, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            try:
                yield Board.parse(text)
            except BoardError as exc:
                raise UsageError(f"stdin line {number}: {exc}") from None


def ordered(words: Iterable[str]) -> list[str]:
    """Longest first, then alphabetical: the order every listing of words uses."""
    return sorted(words, key=lambda w: (-len(w), w))


def cmd_solve(args: argparse.Namespace, io: Console) -> int:
    lexicon = options.lexicon(args)
    several = len(args.boards) > 1 or "-" in args.boards
    for index, board in enumerate(boards(args.boards, io.stdin)):
        min_length = args.min_length or default_min_length(board.size)
        found = solve(board, lexicon, min_length)
        if args.dictionary == "everyday":
            found = {w: p for w, p in found.items() if is_everyday(w, lexicon)}
        score = total_score(found, min_length)
        if args.summary:
            io.say(f"{board.compact()} {len(found)} {score}")
        elif args.json:
            io.say(json_line(board, found, min_length))
        else:
            if several:
                io.say(("\n" if index else "") + f"board {board.compact()}")
            for word in ordered(found):
                io.say(word)
            io.say(f"{len(found)} words, {score} points")
    return EXIT_OK


def json_line(board: Board, found: Mapping[str, CellPath], min_length: int) -> str:
    """The ``--json`` record for one board (the stable shape documented in core.cli)."""
    import json  # here: the plain and --summary listings start without it

    words = [
        {
            "word": word,
            "score": word_score(word, min_length),
            "path": [list(board.position(cell)) for cell in found[word]],
        }
        for word in ordered(found)
    ]
    record = {
        "board": board.text(),
        "rows": board.rows,
        "cols": board.cols,
        "min_length": min_length,
        "count": len(words),
        "score": total_score(found, min_length),
        "words": words,
    }
    return json.dumps(record, separators=(",", ":"))


def cmd_check(args: argparse.Namespace, io: Console) -> int:
    lang = options.lang(args)
    word = lang.fold(args.word.strip()) or ""
    if not word:
        extra = "".join(ch for ch in lang.alphabet if not ch.isascii())
        letters = f"a-z and {extra}" if extra else "a-z"
        raise UsageError(f"word {args.word!r}: use letters {letters}")
    board = options.board(args.board)
    min_length = args.min_length or default_min_length(board.size)
    lexicon = options.lexicon(args)
    path = None if len(word) < min_length else find_path(board, word)
    if len(word) < min_length:
        io.say(f"NO (too short: the minimum on this board is {min_length} letters)")
    elif path is None:
        io.say("NO")
    else:
        cells = " ".join(f"({r},{c})" for r, c in map(board.position, path))
        letters = " ".join(options.lang(args).casing.capital(board.cells[cell]) for cell in path)
        io.say(f"YES {cells} {letters}")
    zipf = lexicon.zipf(word)
    io.say(f"{'not in' if zipf is None else 'in'} the dictionary ({options.dict_name(args)})")
    if zipf is not None and lexicon.has_frequencies:
        everyday = "in" if is_everyday(word, lexicon) else "not in"
        how = band(zipf).value.replace("_", " ")
        io.say(f"{how} (Zipf {zipf:.1f}); {everyday} the everyday dictionary")
    return EXIT_OK if path is not None else EXIT_NO
