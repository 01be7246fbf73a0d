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
THRESHOLD = 128 * 1024  # glibc's starting value of both
HOST_SETTINGS = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_")

Mallopt = Callable[[int, int], int]


def hold_thresholds(
    environ: Mapping[str, str] = os.environ, mallopt: Mallopt | None = None
) -> bool:
    """Fix glibc's mmap and trim thresholds at ``THRESHOLD`` (which stops it moving them);
    whether they were set. Not when the environment sets either (glibc read it at start), nor
    without glibc. ``mallopt``: glibc's, by default."""
    if any(name in environ for name in HOST_SETTINGS):
        return False
    chosen = mallopt if mallopt is not None else glibc_mallopt()
    if chosen is None:
        return False
    return bool(chosen(M_MMAP_THRESHOLD, THRESHOLD)) and bool(chosen(M_TRIM_THRESHOLD, THRESHOLD))


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
