"""``bench_core``'s checks against published ENABLE2K figures (``--enable``): mean words and
points per dice set, single boards' exact results, and the best-board search against the one
before issue 22 (``baseline_best``), run in the same process.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from baseline_best import best_board_before
from core_solve import seeded_boards
from report_table import Table, yes

from core.best_workers import search
from core.board import Board
from core.lexicon import load
from core.scoring import total_score
from core.solver import solve

OPTIMUM_4X4 = 3625  # perslatgsineters on ENABLE2K, proven by exhaustive search
# ENABLE2K, 3+ letters: (mean points, mean words) per board, as published.
PUBLISHED_MEANS = {"4x4-new": (142, 100), "4x4-classic": (125, 90), "5x5-original": (454, 253)}
# ENABLE2K, 3+ letters: board -> (words or None, points).
PUBLISHED_BOARDS = {
    "perslatgsineters": (1045, 3625),
    "streaedlp": (None, 545),
    "abcdefghijklmnop": (None, 18),
    "catdlinem": (None, 105),
    "sepesdsracietilmanesligdr": (None, 10406),
}
MEAN_TOLERANCE = 0.05


def measure_enable(table: Table, enable: Path, cache: Path, count: int) -> bool:
    """Mean words/points per dice set and the published boards; True when every check passes."""
    lexicon = load(enable, cache)
    ok = True
    for name in ("4x4-new", "4x4-classic", "5x5-original", "5x5-2012", "6x6-superbig"):
        points, words = [], []
        for board in seeded_boards(name, count, 4000):
            found = solve(board, lexicon, 3)
            words.append(len(found))
            points.append(total_score(found, 3))
        mean_points, mean_words = statistics.fmean(points), statistics.fmean(words)
        published = PUBLISHED_MEANS.get(name)
        if published:
            close = all(
                abs(ours - theirs) <= MEAN_TOLERANCE * theirs
                for ours, theirs in zip((mean_points, mean_words), published, strict=True)
            )
            table.add(
                f"ENABLE2K mean points/words {name} (3+)",
                f"{mean_points:.0f} / {mean_words:.0f}",
                f"{published[0]} / {published[1]} published",
                f"{mean_points / published[0]:.2f} / {mean_words / published[1]:.2f}",
                f"within {MEAN_TOLERANCE:.0%}",
                "PASS" if close else "FAIL",
            )
        else:
            table.add(
                f"ENABLE2K mean points/words {name} (3+)", f"{mean_points:.0f} / {mean_words:.0f}"
            )
    for text, (want_words, want_points) in PUBLISHED_BOARDS.items():
        found = solve(Board.parse(text), lexicon, 3)
        got = total_score(found, 3)
        passed = got == want_points and (want_words is None or len(found) == want_words)
        ok = ok and passed
        expect = f"{want_words} words, " if want_words is not None else ""
        table.add(
            f"ENABLE2K {text}",
            f"{len(found)} words, {got} points",
            f"{expect}{want_points} points published",
            target="exact",
            met="PASS" if passed else "FAIL",
        )
    return ok


def measure_best(
    table: Table, enable: Path, cache: Path, seconds: float, seeds: Sequence[int]
) -> bool:
    """For each seed: today's search (one process a core) and the one before issue 22 (one
    process), ``seconds`` each, one after the other; points reached, seconds to the
    proven 3,625 and boards scored a second. True when every reported board is the solver's."""
    lexicon = load(enable, cache)
    workers = os.cpu_count() or 1
    clock: Callable[[], float] = time.perf_counter
    ok = True
    reached = {"today": 0, "before": 0}
    for seed in seeds:
        started = clock()
        outcome = search(lexicon, 4, 4, seconds, seed, clock, 3, workers)
        spent = clock() - started
        best = outcome.best
        ok &= best.points == total_score(solve(best.board, lexicon, 3), 3)
        at = best.seconds if best.points >= OPTIMUM_4X4 else None
        reached["today"] += at is not None
        _board, points, old_at, old_evaluations = best_board_before(
            lexicon, 4, 4, seconds, random.Random(seed), clock, OPTIMUM_4X4
        )
        reached["before"] += old_at is not None
        table.add(
            f"best 4x4 ENABLE2K {seconds:g} s, seed {seed}: points (seconds to 3625), boards/s",
            f"{best.points} ({_when(at)}), {best.scored / spent:,.0f}/s [{workers} workers]",
            f"{points} ({_when(old_at)}), {old_evaluations / seconds:,.0f}/s [1 process]",
            target=f"3625 within {seconds:g} s",
            met=yes(at is not None),
        )
    table.add(
        f"best 4x4 reached 3625 in {seconds:g} s",
        f"{reached['today']} of {len(seeds)} seeds",
        f"{reached['before']} of {len(seeds)}",
        target=">= 4 of 5",
        met=yes(reached["today"] * 5 >= 4 * len(seeds)),
    )
    return ok


def _when(seconds: float | None) -> str:
    return "never" if seconds is None else f"{seconds:.1f} s"
