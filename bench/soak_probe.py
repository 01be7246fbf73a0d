"""A probe of the bot's native memory for ``bench_soak.py --wrap bench/soak_probe.py``.

Runs the bot as ``python -m bot`` does, with a thread that every ``SOAK_PROBE_EVERY`` seconds
(60 by default) appends a JSON line to ``SOAK_PROBE_OUT``: the process's RSS; glibc's own
account of its heaps (``mallinfo2``: bytes in use, free inside the heaps, mmapped blocks);
SQLite's (``sqlite3_memory_used`` of the libsqlite3 the ``_sqlite3`` module links); Python's
allocated blocks and its own allocator's arenas (``_PyObject_DebugMallocStats``: 1 MiB each,
given back only when empty); the collector's runs and how long each full one took.

Experiments, each off unless set: ``SOAK_PROBE_INFO=DIR``, glibc's ``malloc_info`` XML and
``/proc/self/smaps`` into DIR at each sample (diff two to see which mapping grew);
``SOAK_PROBE_TRIM=1``, ``malloc_trim(0)`` after each sample and the RSS after it (what the heaps
hold free); ``SOAK_PROBE_GC=700,10,10``, the collector's thresholds set at the first sample
(after the bot's own, set when ready); ``SOAK_PROBE_GARBAGE=1``, what the collector finds in
cycles, by type (``gc.DEBUG_SAVEALL``: the counts are cumulative, and memory grows).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import json
import os
import runpy
import sqlite3  # noqa: F401  (loads _sqlite3, and with it the libsqlite3 measured)
import sys
import threading
import time
from collections import Counter
from pathlib import Path


class MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 and later)."""

    _fields_ = [
        (name, ctypes.c_size_t)
        for name in (
            "arena",
            "ordblks",
            "smblks",
            "hblks",
            "hblkhd",
            "usmblks",
            "fsmblks",
            "uordblks",
            "fordblks",
            "keepcost",
        )
    ]


def rss_mb() -> tuple[float, float]:
    """This process's VmRSS and RssAnon, in MB."""
    found = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "RssAnon"):
            found[name] = int(value.split()[0]) / 1024
    return found["VmRSS"], found["RssAnon"]


def python_arenas(libc: ctypes.CDLL, folder: Path) -> dict[str, float]:
    """Python's own allocator (obmalloc): its arenas (1 MiB each) and the bytes in their
    blocks, in use and free, from ``_PyObject_DebugMallocStats`` (through a file)."""
    path = folder / "obmalloc.txt"
    stream = libc.fopen(str(path).encode(), b"w")
    if not stream:
        return {}
    ctypes.pythonapi._PyObject_DebugMallocStats(ctypes.c_void_p(stream))
    libc.fclose(stream)
    wanted = {
        "# arenas allocated current": "py_arenas",
        "# bytes in allocated blocks": "py_used",
        "# bytes in available blocks": "py_free",
    }
    found: dict[str, float] = {}
    for text in path.read_text().splitlines():
        name, _, value = text.partition("=")
        if name.strip() in wanted:
            number = int(value.strip().replace(",", ""))
            key = wanted[name.strip()]
            found[key] = number if key == "py_arenas" else round(number / (1 << 20), 2)
    return found


def _kind(thing: object) -> str:
    kind = type(thing)
    return f"{kind.__module__}.{kind.__qualname__}"


class Collections:
    """The collector's runs by generation: how many, and the longest and total time of the
    full ones (gen 2), from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.counts = [0, 0, 0]
        self.full_ms: list[float] = []
        self.collected = 0
        self._start = 0.0
        gc.callbacks.append(self.callback)

    def callback(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
            return
        self.counts[info["generation"]] += 1
        if info["generation"] == 2:
            self.full_ms.append((time.perf_counter() - self._start) * 1000)
            self.collected += info["collected"]

    def figures(self) -> dict[str, object]:
        full, self.full_ms = self.full_ms, []
        return {
            "gc_runs": list(self.counts),
            "gc_full_ms": [round(ms, 2) for ms in full],
            "gc_full_collected": self.collected,
        }


def probe(out: Path, every: float, trim: bool, info: Path | None, garbage: bool) -> None:
    libc = ctypes.CDLL(None)
    libc.mallinfo2.restype = MallInfo2
    libc.malloc_trim.argtypes = (ctypes.c_size_t,)
    libc.malloc_info.argtypes = (ctypes.c_int, ctypes.c_void_p)
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = (ctypes.c_char_p, ctypes.c_char_p)
    libc.fclose.argtypes = (ctypes.c_void_p,)
    lite = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
    lite.sqlite3_memory_used.restype = ctypes.c_int64
    lite.sqlite3_memory_highwater.restype = ctypes.c_int64
    lite.sqlite3_memory_highwater.argtypes = (ctypes.c_int,)
    collections = Collections()
    thresholds = os.environ.get("SOAK_PROBE_GC")  # "700,10,10": the collector's, once ready
    started = time.monotonic()
    mb = 1 << 20
    for n in range(1_000_000):
        time.sleep(max(0.0, started + every * (n + 1) - time.monotonic()))
        if thresholds and n == 0:  # the bot sets its own when ready, well before a minute
            gc.set_threshold(*(int(x) for x in thresholds.split(",")))
        rss, anon = rss_mb()
        m = libc.mallinfo2()
        line: dict[str, object] = {
            "minutes": round((time.monotonic() - started) / 60, 2),
            "rss": round(rss, 2),
            "anon": round(anon, 2),
            "heap_total": round(m.arena / mb, 2),  # sbrk'd + thread heaps, not mmapped blocks
            "heap_used": round(m.uordblks / mb, 2),
            "heap_free": round(m.fordblks / mb, 2),
            "heap_top_free": round(m.keepcost / mb, 2),
            "free_chunks": m.ordblks,
            "mmapped": round(m.hblkhd / mb, 2),
            "mmapped_blocks": m.hblks,
            "sqlite": round(lite.sqlite3_memory_used() / mb, 3),
            "sqlite_peak": round(lite.sqlite3_memory_highwater(0) / mb, 3),
            "py_blocks": sys.getallocatedblocks(),
            "threads": threading.active_count(),
            "gc_threshold": list(gc.get_threshold()),
        }
        line.update(collections.figures())
        line.update(python_arenas(libc, info or out.parent))
        if info is not None:
            stream = libc.fopen(str(info / f"malloc-{n:04d}.xml").encode(), b"w")
            if stream:
                libc.malloc_info(0, stream)
                libc.fclose(stream)
            (info / f"smaps-{n:04d}.txt").write_text(Path("/proc/self/smaps").read_text())
        if garbage:
            gc.collect()
            kinds = Counter(_kind(thing) for thing in gc.garbage)
            line["garbage"] = len(gc.garbage)
            line["garbage_kinds"] = kinds.most_common(40)
            gc.garbage.clear()
        if trim:
            libc.malloc_trim(0)
            trimmed, trimmed_anon = rss_mb()
            line["rss_trimmed"], line["anon_trimmed"] = round(trimmed, 2), round(trimmed_anon, 2)
        with out.open("a") as file:
            file.write(json.dumps(line) + "\n")


def main() -> None:
    out = Path(os.environ.get("SOAK_PROBE_OUT", "soak-probe.jsonl"))
    every = float(os.environ.get("SOAK_PROBE_EVERY", "60"))
    trim = os.environ.get("SOAK_PROBE_TRIM") == "1"
    info = Path(os.environ["SOAK_PROBE_INFO"]) if os.environ.get("SOAK_PROBE_INFO") else None
    if info is not None:
        info.mkdir(parents=True, exist_ok=True)
    garbage = os.environ.get("SOAK_PROBE_GARBAGE") == "1"
    if garbage:  # what the collector finds in cycles, kept to be counted (an experiment)
        gc.set_debug(gc.DEBUG_SAVEALL)
    threading.Thread(target=probe, args=(out, every, trim, info, garbage), daemon=True).start()
    sys.argv[0] = "bot"
    runpy.run_module("bot", run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
