"""Load benchmark of a stadium round: a thousand players on ONE board, one bot process.

The stand-in's per-channel rate limits are on; the baseline, per engine in the same run, is
``bench_web``'s small load. Targets: traced word -> verdict p99 < 50 ms; each chat word
acknowledged (✅ or named on the status) within 5 s at p99; 0 words lost; results < 3 s after
the deadline; no 429. Exit 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import os
import statistics
import sys
import tempfile
import time
from argparse import Namespace
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench_load import EN_WORDS  # noqa: E402
from bench_web import Outcome, measure, report  # noqa: E402
from load_databases import SQLITE  # noqa: E402
from load_report import pct, row  # noqa: E402
from load_stadium import drive_stadium  # noqa: E402
from report_table import yes  # noqa: E402

from core.lexicon import Lexicon, load  # noqa: E402

TARGET_VERDICT_P99_MS = 50.0
TARGET_SHOWN_P99_S = 5.0
TARGET_RESULTS_S = 3.0
BASELINE = {"web_channels": 2, "web_players": 5, "chat_channels": 1, "players": 5}


def shape(args: Namespace, **fields: object) -> Namespace:
    """bench_web's arguments for one configuration."""
    merged = Namespace(**{**vars(args), **fields})
    merged.web_total = merged.web_channels * merged.web_players
    return merged


def targets(stadium: Outcome) -> list[tuple[str, str, str, bool]]:
    """(figure, measured, target, met) for each of the stadium's targets."""
    verdict_p99 = pct(stadium.figures.latencies_ms, 0.99)
    shown = stadium.paced.visible_s
    shown_p99 = pct(shown, 0.99)
    unseen = len(stadium.paced.unseen)
    results = max(stadium.results, default=math.inf)
    throttled, by_buckets = stadium.throttled
    return [
        (
            "traced word -> verdict, p99",
            f"{verdict_p99:.1f} ms",
            f"< {TARGET_VERDICT_P99_MS:.0f} ms",
            verdict_p99 < TARGET_VERDICT_P99_MS,
        ),
        (
            "chat word acknowledged (✅ or named), p99",
            f"{shown_p99:.2f} s ({len(shown)} words, {unseen} never)",
            f"< {TARGET_SHOWN_P99_S:.0f} s",
            shown_p99 < TARGET_SHOWN_P99_S and not unseen,
        ),
        ("words lost", f"{len(stadium.lost)}", "0", not stadium.lost),
        (
            "guesses unanswered (pages)",
            f"{stadium.figures.unanswered}",
            "0",
            not stadium.figures.unanswered,
        ),
        (
            "results posted after the deadline",
            f"{results:.2f} s",
            f"< {TARGET_RESULTS_S:.0f} s",
            results < TARGET_RESULTS_S,
        ),
        ("429 answers (of them, rate limits')", f"{throttled} ({by_buckets})", "0", not throttled),
    ]


def beside(base: Outcome, stadium: Outcome) -> list[str]:
    """The stadium's figures beside the baseline's, measured in the same run."""

    def both(figure: str, a: list[float], b: list[float], unit: str, scale: float = 1.0) -> str:
        x, y = pct(a, 0.99) * scale, pct(b, 0.99) * scale
        return row(figure, f"{x:.1f} {unit}", f"{y:.1f} {unit}", f"{x / y:.2f}x" if y else "")

    return [
        row("figure (p99)", "stadium", "bench_web small", "ratio"),
        both(
            "traced word -> verdict", stadium.figures.latencies_ms, base.figures.latencies_ms, "ms"
        ),
        both("chat message -> committed", stadium.chat_ms, base.chat_ms, "ms"),
        both("chat word acknowledged", stadium.paced.visible_s, base.paced.visible_s, "ms", 1000),
        row(
            "bot CPU, % of one core",
            f"{100 * stadium.cpu:.0f}%",
            f"{100 * base.cpu:.0f}%",
            f"{stadium.cpu / base.cpu:.2f}x",
        ),
        row("bot peak RSS", f"{stadium.peak_rss:.0f} MB", f"{base.peak_rss:.0f} MB"),
        f"  stadium: {len(stadium.figures.latencies_ms)} traced words,"
        f" {len(stadium.chat_ms)} chat messages committed, median verdict"
        f" {statistics.median(stadium.figures.latencies_ms or [math.nan]):.1f} ms",
    ]


async def one_engine(
    engine: str, label: str, args: Namespace, lexicon: Lexicon, workdir: Path, first: int
) -> bool:
    base_args = shape(args, every=2.0, rate=1.0, **BASELINE)
    base = await measure(True, first, base_args, lexicon, workdir, engine)
    stadium_args = shape(
        args, web_channels=1, web_players=args.web, chat_channels=1, players=args.chat
    )
    stadium = await measure(True, first + 1, stadium_args, lexicon, workdir, engine, drive_stadium)
    print("\n".join(report(stadium, stadium_args)))
    print(f"\nbench_stadium [{label}]: {args.web} web + {args.chat} chat players on one board")
    print(row("figure", "measured", "target", "", "met?"))
    checks = targets(stadium)
    for figure, measured, target, met in checks:
        print(row(figure, measured, target, "", yes(met)))
    print("\n".join(beside(base, stadium)), flush=True)
    return all(met for *_, met in checks) and not base.lost


async def run(args: Namespace, workdir: Path) -> int:
    args.cache = workdir / "lexicon-cache"
    args.profile, args.tracemalloc, args.configurations = None, False, 2
    lexicon = await asyncio.to_thread(load, EN_WORDS, args.cache)
    print(f"bench_stadium {time.strftime('%Y-%m-%d %H:%M')}: {' '.join(sys.argv)}", flush=True)
    engines = [(SQLITE, "SQLite")] + ([(args.postgres, "PostgreSQL")] if args.postgres else [])
    ok = True
    for n, (engine, label) in enumerate(engines):
        ok = await one_engine(engine, label, args, lexicon, workdir, 2 * n) and ok
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--web", type=int, default=800, help="web players on the board")
    parser.add_argument("--chat", type=int, default=200, help="chat players in the channel")
    parser.add_argument("--seconds", type=float, default=30.0, help="length of the load")
    parser.add_argument("--every", type=float, default=8.0, help="seconds between traced words")
    parser.add_argument("--rate", type=float, default=0.1, help="chat messages/s per player")
    parser.add_argument("--postgres", default=os.environ.get("BOGGLE_TEST_POSTGRES_URL"))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 300 or args.every <= 0 or args.rate <= 0:
        parser.error("need 0 < --seconds <= 300, --every > 0, --rate > 0")
    if not 1 <= args.web <= 2000 or not 1 <= args.chat <= 1000:
        parser.error("need 1 <= --web <= 2000 and 1 <= --chat <= 1000")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="bench-stadium-") as tmp:
        return asyncio.run(run(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
