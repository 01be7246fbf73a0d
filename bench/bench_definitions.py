"""Benchmark of definitions lookups (core.definitions) against a lexicon lookup, in the same run.

``--before DIR`` benches an earlier checkout first, in a child, so before and after share a run.
Cold lookups drop the page cache first (root only; otherwise a lower bound) and stand beside the
floor of one random page read of the same file. Target: p99 < 5 ms cold.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(os.environ.get("BENCH_REPO") or Path(__file__).resolve().parent.parent)
sys.path.insert(0, str(REPO))

from core.definitions import Definitions  # noqa: E402
from core.definitions.sources import DEFINITIONS_DIR  # noqa: E402
from core.languages import lexicon_for  # noqa: E402

TARGET_MS = 5.0


def sample_words(code: str) -> list[str]:
    path = DEFINITIONS_DIR / f"sample-{code}.txt"
    return [w for w in path.read_text(encoding="utf-8").split() if w.isalpha()]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def drop_page_cache() -> bool:
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
    except OSError:
        return False
    return True


def rss_kb() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def fresh_process_first_lookup(code: str, cache: str, word: str) -> float:
    """Milliseconds of the first lookup in a new process (its lexicon loaded beforehand)."""
    script = (
        "import sys, time; sys.path.insert(0, sys.argv[1])\n"
        "from core.definitions import Definitions\n"
        "from core.languages import lexicon_for\n"
        "lex = lexicon_for(sys.argv[2], sys.argv[3])\n"
        "d = Definitions.open(sys.argv[2], sys.argv[3], lexicon=lex)\n"
        "t = time.perf_counter(); d.lookup(sys.argv[4]); print(time.perf_counter() - t)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(REPO), code, cache, word],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return 1000 * float(out.stdout)


def page_read_ms(path: Path, rng: random.Random) -> float:
    """Milliseconds of one read of one page at a random place of ``path`` (the cache dropped)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        page = 4096 * rng.randrange(max(1, os.fstat(fd).st_size // 4096))
        t = time.perf_counter()
        os.pread(fd, 4096, page)
        return 1000 * (time.perf_counter() - t)
    finally:
        os.close(fd)


def bench(code: str, cold: int, warm: int, cache: str) -> None:
    lexicon = lexicon_for(code, cache)
    words = sample_words(code)
    definitions = Definitions.open(code, cache, lexicon=lexicon)
    start = time.perf_counter()
    definitions.index()
    build = time.perf_counter() - start
    size = definitions.index_path().stat().st_size if definitions.has_source else 0
    path = definitions.index_path() if definitions.has_source else None
    definitions.close()

    rng = random.Random(28)
    before = rss_kb()
    definitions = Definitions.open(code, cache, lexicon=lexicon)
    definitions.lookup(words[0])
    look, base = [], []
    for _ in range(warm):
        word = rng.choice(words)
        t = time.perf_counter()
        definitions.lookup(word)
        look.append(1000 * (time.perf_counter() - t))
        t = time.perf_counter()
        _ = word in lexicon and lexicon.zipf(word)
        base.append(1000 * (time.perf_counter() - t))
    for word in words:
        definitions.lookup(word)
    gained = rss_kb() - before
    definitions.close()

    cold_ms, opening, floor, how = [], [], [], "page cache dropped"
    opened = Definitions.open(code, cache, lexicon=lexicon)
    opened.lookup(words[0])
    for n in range(cold):
        word = rng.choice(words)
        if path is not None and drop_page_cache():
            floor.append(page_read_ms(path, rng))
        if drop_page_cache():
            t = time.perf_counter()
            opened.lookup(word)
            cold_ms.append(1000 * (time.perf_counter() - t))
            if n % 4 == 0:  # the first lookup of a process: stamp the data, read the table
                drop_page_cache()
                fresh = Definitions.open(code, cache, lexicon=lexicon)
                t = time.perf_counter()
                fresh.lookup(word)
                opening.append(1000 * (time.perf_counter() - t))
                fresh.close()
        else:
            how = "first lookup of a fresh process (page cache not dropped: not root?)"
            cold_ms.append(fresh_process_first_lookup(code, cache, word))
    opened.close()
    p50, p99 = statistics.median(look), percentile(look, 0.99)
    b50, b99 = statistics.median(base), percentile(base, 0.99)
    c50, c99 = statistics.median(cold_ms), percentile(cold_ms, 0.99)
    print(f"{code}: index {size / 1e6:.1f} MB, built in {build:.2f} s")
    print(f"  warm lookup  p50 {p50:.3f} ms  p99 {p99:.3f} ms  ({warm} lookups)")
    print(f"  baseline     p50 {b50:.4f} ms  p99 {b99:.4f} ms  (word in lexicon + zipf)")
    print(f"  ratio        p50 {p50 / b50:.0f}x  p99 {p99 / b99:.0f}x the baseline")
    print(f"  cold lookup  p50 {c50:.2f} ms  p99 {c99:.2f} ms  ({cold} runs, {how})")
    if floor:
        f50, f99 = statistics.median(floor), percentile(floor, 0.99)
        print(f"  floor        p50 {f50:.2f} ms  p99 {f99:.2f} ms  (one page read, cache dropped)")
    if opening:
        o50, o99 = statistics.median(opening), percentile(opening, 0.99)
        print(f"  first lookup of a process, cold: p50 {o50:.1f} ms  p99 {o99:.1f} ms (opening)")
    verdict = "met" if c99 < TARGET_MS else "NOT met"
    print(f"  target p99 cold < {TARGET_MS} ms: {verdict}; resident memory gained {gained} KB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", nargs="+", default=["en", "fr", "de"])
    parser.add_argument("--cold", type=int, default=40)
    parser.add_argument("--warm", type=int, default=5000)
    parser.add_argument("--before", type=Path, default=None, metavar="DIR")
    args = parser.parse_args()
    if args.before is not None:
        print(f"== before: {args.before}", flush=True)
        argv = [sys.executable, __file__, "--lang", *args.lang, "--cold", str(args.cold)]
        argv += ["--warm", str(args.warm)]
        subprocess.run(argv, env={**os.environ, "BENCH_REPO": str(args.before)}, check=True)
        print(f"== after: {REPO}", flush=True)
    with tempfile.TemporaryDirectory() as cache:
        for code in args.lang:
            bench(code, args.cold, args.warm, cache)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
