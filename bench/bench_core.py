"""Benchmark of the game core against the way most tutorials write a Boggle solver.

The baseline (``baseline_trie``) is a trie of nested dicts searched recursively with a visited
set; both must find the same words on every seeded board. ``--enable`` (the ENABLE2K list) checks
the published figures and times ``best`` against the search before it, in the same process. Exit
1 when the solvers disagree or a published figure fails; unmet targets are reported.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from baseline_trie import read_words  # noqa: E402
from core_cold import measure_cold_start, measure_memory  # noqa: E402
from core_languages import measure_languages  # noqa: E402
from core_published import measure_best, measure_enable  # noqa: E402
from core_solve import measure_floor, measure_solve  # noqa: E402
from report_table import Table  # noqa: E402

from core.dice import DATA_DIR  # noqa: E402
from core.lexicon import load  # noqa: E402

EN_WORDS = DATA_DIR / "words" / "en.txt"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--enable", type=Path, help="the ENABLE2K word list (published checks)")
    parser.add_argument("--boards", type=int, default=1000, help="boards per size (default 1000)")
    parser.add_argument("--best-seconds", type=float, default=60.0, help="0 skips (default 60)")
    parser.add_argument("--seed", type=int, default=1, help="first of 5 best seeds (default 1)")
    parser.add_argument("--best-seeds", type=int, default=5, help="seeds for best (default 5)")
    parser.add_argument("--best-only", action="store_true", help="only best (needs --enable)")
    parser.add_argument("--repeats", type=int, default=7, help="cold starts to time (default 7)")
    parser.add_argument(
        "--languages", action="store_true", help="only the per-language figures (all seven)"
    )
    args = parser.parse_args(argv)

    table = Table()
    ok = True
    with tempfile.TemporaryDirectory(prefix="boggle-bench-") as temp:
        cache = Path(temp)
        print(
            f"word list {EN_WORDS.relative_to(REPO)}, {args.boards} boards a size, "
            f"python {sys.version.split()[0]}",
            flush=True,
        )
        seeds = range(args.seed, args.seed + args.best_seeds)
        if args.best_only and args.enable:
            ok &= measure_best(table, args.enable, cache, args.best_seconds, seeds)
            table.print()
            print("correctness:", "PASS" if ok else "FAIL")
            return 0 if ok else 1
        if args.languages:
            ok &= measure_languages(table, cache, args.boards, args.repeats)
            table.print()
            print("correctness:", "PASS" if ok else "FAIL")
            return 0 if ok else 1
        measure_cold_start(table, EN_WORDS, cache, args.repeats)
        measure_memory(table, EN_WORDS, cache)
        lexicon = load(EN_WORDS, cache)
        ok &= measure_solve(table, lexicon, read_words(EN_WORDS), args.boards)
        measure_floor(table, lexicon, args.boards)
        if args.enable:
            ok &= measure_enable(table, args.enable, cache, args.boards)
            if args.best_seconds > 0:
                ok &= measure_best(table, args.enable, cache, args.best_seconds, seeds)
        else:
            table.add("ENABLE2K figures", "skipped (pass --enable PATH)")
    print()
    table.print()
    print()
    print("correctness:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
