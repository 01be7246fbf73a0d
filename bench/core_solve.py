"""``bench_core``'s solver figures on seeded boards: our solver against the tutorial one
(``baseline_trie``) on the same boards, which must find the same words; and how often a first roll
clears the default floor, with what ``roll_with_floor`` costs a round start.
"""

from __future__ import annotations

import random
import sys
import time

from baseline_trie import build_trie, solve_typical
from report_table import Table, percentile, yes

from core.board import Board
from core.dice import dice_set
from core.generate import floor_for, roll_with_floor
from core.lexicon import Lexicon
from core.scoring import default_min_length, total_score
from core.solver import solve

SIZES = {4: "4x4-new", 5: "5x5-original", 6: "6x6-superbig"}


def seeded_boards(name: str, count: int, seed: int) -> list[Board]:
    dice = dice_set(name)
    rng = random.Random(seed)
    return [dice.roll(rng) for _ in range(count)]


def measure_solve(table: Table, lexicon: Lexicon, words: list[str], count: int) -> bool:
    """Both solvers on the same boards; True when they agree on every board."""
    boards = {size: seeded_boards(name, count, 1000 + size) for size, name in SIZES.items()}
    ours_times: dict[int, list[float]] = {}
    ours_words: dict[int, list[set[str]]] = {}
    clock = time.perf_counter
    for size, group in boards.items():
        min_length = default_min_length(size)
        times: list[float] = []
        results: list[set[str]] = []
        for board in group:
            start = clock()
            found = solve(board, lexicon, min_length)
            times.append(clock() - start)
            results.append(set(found))
        ours_times[size], ours_words[size] = times, results
    trie = build_trie(words)
    agree = True
    for size, group in boards.items():
        min_length = default_min_length(size)
        times = []
        mismatches = 0
        for board, expected in zip(group, ours_words[size], strict=True):
            start = clock()
            typical = solve_typical(board, trie, min_length)
            times.append(clock() - start)
            if typical != expected:
                mismatches += 1
                if mismatches <= 3:
                    print(
                        f"MISMATCH {board.text()}: only ours {sorted(expected - typical)[:5]}, "
                        f"only baseline {sorted(typical - expected)[:5]}",
                        file=sys.stderr,
                    )
        agree = agree and not mismatches
        for label, share in (("median", 0.5), ("p90", 0.9)):
            o = percentile(ours_times[size], share) * 1000
            b = percentile(times, share) * 1000
            target, met = "", ""
            if size == 4 and label == "median":
                target, met = "<= 0.25 ms, >= 2x", yes(o <= 0.25 and b / o >= 2)
            table.add(
                f"solve {size}x{size} {SIZES[size]} {label} ({count} boards)",
                f"{o:.3f} ms",
                f"{b:.3f} ms",
                f"{b / o:.1f}x faster",
                target,
                met,
            )
        table.add(
            f"same words {size}x{size}, every board",
            f"{count - mismatches}/{count} agree",
            target="all",
            met=yes(not mismatches),
        )
    return agree


def measure_floor(table: Table, lexicon: Lexicon, count: int) -> None:
    """How often a first roll clears the default floor, and roll_with_floor's cost per round start."""
    clock = time.perf_counter
    for size, name in SIZES.items():
        min_length = default_min_length(size)
        need_words, need_points = floor_for(size)
        passed = 0
        for board in seeded_boards(name, count, 2000 + size):
            found = solve(board, lexicon, min_length)
            passed += len(found) >= need_words and total_score(found, min_length) >= need_points
        table.add(
            f"first roll clears floor {size}x{size} ({need_words} words/{need_points} pts)",
            f"{passed / count:.0%}",
            target="~90%",
            met=yes(0.85 <= passed / count <= 0.95),
        )
        dice = dice_set(name)
        rng = random.Random(3000 + size)
        times = []
        for _ in range(max(50, count // 4)):
            start = clock()
            roll_with_floor(dice, rng, lexicon, min_length)
            times.append(clock() - start)
        o, p = percentile(times, 0.5) * 1000, percentile(times, 0.9) * 1000
        table.add(
            f"roll_with_floor {size}x{size} median / p90 / max",
            f"{o:.2f} / {p:.2f} / {max(times) * 1000:.1f} ms",
            target="p90 <= 20 ms",
            met=yes(p <= 20),
        )
