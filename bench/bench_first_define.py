"""Benchmark of a player's first ``/boggle define`` in a language: the bot's definitions service
in a fresh process, its first lookup timed (the language's lexicon loaded from the cache, the
index opened), as after ``make run`` (``make cache`` has filled the cache). Target: under 1 s.

Run by hand from the repository root::

    .venv/bin/python bench/bench_first_define.py [--lang en fr de] [--repeats 5]

Each figure is one process: the lexicon and the index may sit in the page cache already (the
set-up just wrote them), so this is the warm first call; ``bench_definitions.py`` has the cold
page reads. A figure marked ``built`` had no index in the cache (its build was timed too).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

REPO = Path(os.environ.get("BENCH_REPO") or Path(__file__).resolve().parent.parent)
TARGET_MS = 1000.0
WORDS = {"en": "geese", "fr": "chevaux", "de": "häusern"}

# The child: the bot's own service and lexicons, the first define timed (imports excluded: the
# bot has them loaded long before a player asks).
CHILD = """
import asyncio, logging, sys, time
from bot.definitions.service import DefinitionsService
from bot.kernel.lexicons import Lexicons

built = []
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
logging.getLogger("bot.definitions.service").addFilter(lambda r: built.append(r) or True)

async def first(code, word):
    service = DefinitionsService(Lexicons())
    started = time.perf_counter()
    found = await service.define(word, code)
    elapsed = 1000 * (time.perf_counter() - started)
    service.close()
    print(f"{elapsed:.1f} {'built' if built else 'cached'} {type(found).__name__}")

asyncio.run(first(sys.argv[1], sys.argv[2]))
"""


def first_define_ms(code: str, word: str) -> tuple[float, str, str]:
    """Milliseconds of a fresh process's first define, whether it built, and what it found."""
    out = subprocess.run(
        [sys.executable, "-c", CHILD, code, word],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return float(out[0]), out[1], out[2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="+", default=list(WORDS), choices=list(WORDS))
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    worst = 0.0
    for code in args.lang:
        runs = [first_define_ms(code, WORDS[code]) for _ in range(args.repeats)]
        times = [ms for ms, _, _ in runs]
        how = sorted({f"{origin}, {found}" for _, origin, found in runs})
        print(
            f"{code}: first define {statistics.median(times):.0f} ms median, "
            f"{max(times):.0f} ms worst of {len(times)} ({'; '.join(how)})"
        )
        worst = max(worst, max(times))
    print(f"target {TARGET_MS:.0f} ms: {'met' if worst < TARGET_MS else 'MISSED'}")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
