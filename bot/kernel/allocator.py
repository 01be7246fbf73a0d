"""The C allocator's thresholds held where glibc starts them: a block of 128 KiB or more gets pages
of its own (``mmap``), given back whole when freed, and the heap's free top goes back past 128 KiB.

glibc moves both after each large block it frees, up to 32 MiB: once the lexicon's arrays (about
2 MB) had come and gone at start, every later block under 2 MB (pictures, payloads) came from the
heap, and the holes they left grew the bot's memory by 20 MB an hour of play, with Python's own
heap flat (``bench/bench_soak.py``; docs/benchmarks.md). The host's own ``MALLOC_MMAP_THRESHOLD_``
or ``MALLOC_TRIM_THRESHOLD_`` win; on another C library (musl, macOS) nothing is done.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Callable, Mapping

M_TRIM_THRESHOLD = -1  # mallopt's parameters, from glibc's malloc.h
M_MMAP_THRESHOLD = -3
M_ARENA_MAX = -8
THRESHOLD = 128 * 1024  # glibc's starting value of both
# Heaps the threads share (the database's, the executor's): glibc's default of eight a core
# gives each thread a heap of its own, each keeping its holes.
ARENAS = 2
THRESHOLD_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")
ARENA_SETTING = "MALLOC_ARENA_MAX"

Mallopt = Callable[[int, int], int]


def hold_thresholds(
    environ: Mapping[str, str] = os.environ, mallopt: Mallopt | None = None
) -> bool:
    """Fix glibc's mmap and trim thresholds at ``THRESHOLD`` (which stops it moving them) and its
    heaps at ``ARENAS`` (before the first thread); whether all asked were set. What the host's
    environment sets is left to it (glibc read it at start): either threshold keeps both, the
    arenas theirs. Nothing without glibc. ``mallopt``: glibc's, by default."""
    chosen = mallopt if mallopt is not None else glibc_mallopt()
    if chosen is None:
        return False
    asked: list[tuple[int, int]] = []
    if not any(name in environ for name in THRESHOLD_SETTINGS):
        asked += [(M_MMAP_THRESHOLD, THRESHOLD), (M_TRIM_THRESHOLD, THRESHOLD)]
    if ARENA_SETTING not in environ:
        asked.append((M_ARENA_MAX, ARENAS))
    return bool(asked) and all([chosen(parameter, value) for parameter, value in asked])


def glibc_mallopt() -> Mallopt | None:
    """glibc's ``mallopt``, or None under another C library."""
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION"):
            return None
        function = ctypes.CDLL(None).mallopt
    except (ValueError, OSError, AttributeError):  # no such name, no such library or symbol
        return None
    function.argtypes = (ctypes.c_int, ctypes.c_int)
    function.restype = ctypes.c_int
    chosen: Mallopt = function
    return chosen
