"""``bench_core --languages``: per language, the lexicon's size and load times, and the solver on
that language's dice; how often a roll of its dice passes the quality floor, with the 95 % interval,
against English's share on as many rolls (the target: at least English's minus 2 points, the
interval of the difference above -2); English's solver against the a-z one from before alphabets
(``baseline_az``).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from baseline_az import solve_az
from core_solve import seeded_boards
from report_table import Table, difference_interval, wilson

from core.generate import floor_for
from core.languages import LANGUAGES, lexicon_for
from core.lexicon import Lexicon
from core.scoring import default_min_length, total_score
from core.solver import solve


def measure_languages(table: Table, cache: Path, count: int, repeats: int) -> bool:
    """Per language: lexicon size, cold build, cache load, solve time a board of its dice, share of
    first rolls over the floor (against English's, English first); English's solver against the
    a-z one from before alphabets."""
    ok = True
    english: dict[int, int] = {}  # side -> rolls of English's dice that pass
    for code, lang in LANGUAGES.items():
        sources = (
            lang.words_file,
            lang.alphabet,
            lang.frequency_file,
            lang.spellings_file,
            lang.fold,
        )
        started = time.perf_counter()
        built = Lexicon.from_file(*sources)
        build = time.perf_counter() - started
        blob = built.to_bytes()
        lexicon_for(lang, cache)  # into the cache
        loads = []
        for _ in range(repeats):
            started = time.perf_counter()
            lexicon_for(lang, cache)
            loads.append(time.perf_counter() - started)
        stats = built.stats
        table.add(
            f"{code} lexicon",
            f"{stats.words} words, {stats.nodes} nodes, {stats.edges} edges, "
            f"cache {len(blob) / 1e6:.2f} MB; build {build:.2f} s, "
            f"cache load {1000 * statistics.median(loads):.1f} ms (median, target <= 40)",
        )
        for side in (4, 5, 6):
            name = lang.default_dice(side)
            boards = seeded_boards(name, count, 7)
            min_length = default_min_length(side)
            floor = floor_for(side)
            times, passed = [], 0
            for board in boards:
                started = time.perf_counter()
                found = solve(board, built, min_length)
                times.append(time.perf_counter() - started)
                passed += floor.met_by(len(found), total_score(found, min_length))
            low, high = wilson(passed, len(boards))
            line = (
                f"{1000 * statistics.median(times):.2f} ms median a board; "
                f"{100 * passed / len(boards):.1f}% [{100 * low:.1f}-{100 * high:.1f}] of rolls "
                f"pass the floor {floor.words}/{floor.points}"
            )
            versus = ("", "", "", "")
            if code == "en":
                english[side] = passed
                old = []
                for board in boards:
                    started = time.perf_counter()
                    same = solve_az(board, built, min_length)
                    old.append(time.perf_counter() - started)
                    ok &= set(same) == set(solve(board, built, min_length))
                ratio = statistics.median(times) / statistics.median(old)
                line += (
                    f"; before alphabets {1000 * statistics.median(old):.2f} ms (ratio {ratio:.2f})"
                )
            elif side in english:
                versus = _versus_english(passed, english[side], len(boards))
            table.add(f"{code} {name}", line, *versus)
    return ok


def _versus_english(passed: int, english: int, count: int) -> tuple[str, str, str, str]:
    """Baseline, ratio, target and met columns: English's share, the difference in points with
    its 95 % interval, met when the interval's low end is above English's minus 2 points."""
    low, high = wilson(english, count)
    below, above = difference_interval(passed, count, english, count)
    diff = 100 * (passed - english) / count
    return (
        f"English {100 * english / count:.1f}% [{100 * low:.1f}-{100 * high:.1f}]",
        f"{diff:+.1f} pts [{100 * below:+.1f}, {100 * above:+.1f}]",
        ">= English - 2 pts",
        "yes" if 100 * below >= -2 else "NO",
    )
