"""``best``: search for the highest-scoring board (``core.best_workers``), with a status line.

Its own module, imported by ``core.cli.app`` only for ``best``: the search and its process pool
(``multiprocessing``) are the heaviest imports of the command line, and no other command needs them.
"""

from __future__ import annotations

import argparse
import os

from core.best_workers import Progress, search
from core.board import Board
from core.cli import options
from core.cli.console import EXIT_OK, Console, UsageError
from core.commonness import everyday_lexicon
from core.scoring import default_min_length, total_score
from core.solver import solve

BEST_CELLS = 36
# The best published boards on ENABLE2K (3+ letters), to measure a search against with any word list.
REFERENCE_BOARDS = {
    (3, 3): ("streaedlp", "ENABLE2K's best published 3x3, 545 points with 3+ letters"),
    (4, 4): ("perslatgsineters", "ENABLE2K's proven best 4x4, 3,625 points with 3+ letters"),
    (5, 5): ("sepesdsracietilmanesligdr", "ENABLE2K's best published 5x5, 10,406 with 3+ letters"),
}


def cmd_best(args: argparse.Namespace, io: Console) -> int:
    rows, cols = args.size
    if rows * cols > BEST_CELLS:
        raise UsageError(f"best searches boards of up to {BEST_CELLS} cells (6x6)")
    lexicon = options.lexicon(args)
    if args.dictionary == "everyday":
        lexicon = everyday_lexicon(lexicon)
    seed = options.seed(args)
    min_length = args.min_length or default_min_length(max(rows, cols))
    workers = args.workers or os.cpu_count() or 1
    show = _ProgressLine(io) if io.err.isatty() else None
    outcome = search(
        lexicon, rows, cols, args.seconds, seed, io.clock, min_length, workers, args.iterations,
        on_progress=show,
    )  # fmt: skip
    if show is not None:
        show.clear()
    best = outcome.best
    io.say(best.board.grid(options.lang(args).casing))
    io.say(best.board.compact())
    io.say(
        f"{len(best.words)} words, {best.points} points (seed {seed}, min length {min_length}, "
        f"{args.dictionary} dictionary)"
    )
    stopped = "interrupted" if outcome.interrupted else "searched"
    io.say(
        f"found after {best.seconds:.1f} s and {best.evaluations:,} boards "
        f"({stopped}; {workers} worker{'s' if workers > 1 else ''})"
    )
    reference = REFERENCE_BOARDS.get((rows, cols))
    if reference is not None:
        text, note = reference
        board = Board.parse(text)
        points = total_score(solve(board, lexicon, min_length), min_length)
        share = f", {best.points / points:.1%} of it" if points else ""
        io.say(f"against {text} ({note}): {points} points here{share}")
    io.say()
    io.say(" ".join(sorted(best.words, key=lambda w: (-len(w), w))))
    return EXIT_OK


class _ProgressLine:
    """One status line on the terminal, rewritten in place at most every half second."""

    def __init__(self, io: Console) -> None:
        self.io = io
        self.last: float | None = None

    def __call__(self, progress: Progress) -> None:
        now = self.io.clock()
        if self.last is not None and now - self.last < 0.5:
            return
        self.last = now
        self.io.err.write(
            f"\rbest {progress.points} (found at {progress.found_at:.1f} s), "
            f"{progress.per_second:,.0f} boards/s, {progress.seconds_left:.0f} s left  "
        )
        self.io.err.flush()

    def clear(self) -> None:
        if self.last is not None:
            self.io.err.write("\r" + " " * 78 + "\r")
            self.io.err.flush()
