"""``bench_core``'s lexicon figures that need a fresh interpreter: time to a ready lexicon from a
cold process, and the memory a lexicon holds, ours against the tutorial trie (``baseline_trie``).

Each is measured in a child Python started from the repository root, which prints one JSON line.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from report_table import Table, yes

from core.lexicon import load

REPO = Path(__file__).resolve().parent.parent

COLD_OURS = """
import json, time
t0 = time.perf_counter()
from core.lexicon import load
lexicon = load({path!r}, {cache!r})
t1 = time.perf_counter()
print(json.dumps({{"seconds": t1 - t0, "words": len(lexicon)}}))
"""

COLD_TRIE = """
import json, sys, time
sys.path.insert(0, "bench")
from baseline_trie import build_trie, read_words
t0 = time.perf_counter()
trie = build_trie(read_words(__import__("pathlib").Path({path!r})))
t1 = time.perf_counter()
print(json.dumps({{"seconds": t1 - t0}}))
"""

MEMORY = """
import gc, json, os, sys, tracemalloc
sys.path.insert(0, "bench")
from pathlib import Path
from core.lexicon import load
from baseline_trie import build_trie, read_words

def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

def make():
    if {which!r} == "ours":
        return load({path!r}, {cache!r})
    return build_trie(read_words(Path({path!r})))

gc.collect()
before = rss()
kept = make()
gc.collect()
after = rss()
del kept
gc.collect()
tracemalloc.start()
kept = make()
gc.collect()
traced = tracemalloc.get_traced_memory()[0]
print(json.dumps({{"rss": after - before, "traced": traced}}))
"""


def run_child(code: str) -> dict[str, float]:
    """Run Python code in a fresh interpreter from the repository root; it prints one JSON line."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def measure_cold_start(table: Table, words_path: Path, cache: Path, repeats: int) -> None:
    load(words_path, cache)  # build the cache once
    ours = [
        run_child(COLD_OURS.format(path=str(words_path), cache=str(cache)))["seconds"]
        for _ in range(repeats)
    ]
    trie = [
        run_child(COLD_TRIE.format(path=str(words_path)))["seconds"]
        for _ in range(max(3, repeats // 2))
    ]
    o, b = statistics.median(ours), statistics.median(trie)
    table.add(
        f"lexicon ready, fresh process (median of {len(ours)}/{len(trie)})",
        f"{o * 1000:.1f} ms",
        f"{b * 1000:.0f} ms",
        f"{b / o:.0f}x faster",
        "<= 40 ms, >= 10x",
        yes(o <= 0.040 and b / o >= 10),
    )


def measure_memory(table: Table, words_path: Path, cache: Path) -> None:
    ours = run_child(MEMORY.format(which="ours", path=str(words_path), cache=str(cache)))
    trie = run_child(MEMORY.format(which="trie", path=str(words_path), cache=str(cache)))
    for key, label in (("traced", "tracemalloc"), ("rss", "RSS delta")):
        o, b = ours[key] / 2**20, trie[key] / 2**20
        table.add(
            f"lexicon memory ({label})",
            f"{o:.1f} MB",
            f"{b:.0f} MB",
            f"1/{b / o:.0f}",
            "<= 15 MB, <= 1/5",
            yes(o <= 15 and o <= b / 5),
        )
