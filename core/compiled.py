"""The optional compiled scorer: ``core/scorer.c`` built with the system's C compiler on first use.

The search for the best board scores millions of boards; in C a board costs tens of microseconds
instead of a millisecond. Nothing depends on it: when there is no compiler, the build fails, or
``BOGGLE_PURE_PYTHON`` is set, ``compiled_scorer`` returns None and the search uses the pure-Python
``BoardScorer``, which gives the same points on every board (tests/core/test_scorer.py checks both).

The library is built once per source and machine into the lexicon cache directory, under a name
that holds the source's hash, so a changed source is rebuilt and processes share one build.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile
from array import array
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .lexicon import default_cache_dir
from .scorer import BoardScorer

SOURCE = Path(__file__).with_name("scorer.c")
PURE_ENV = "BOGGLE_PURE_PYTHON"
MAX_CELLS = 64  # the walk keeps the cells used in one 64-bit word


def compiled_scorer(scorer: BoardScorer) -> CompiledScorer | None:
    """The compiled twin of ``scorer``, or None where nothing can be compiled (or it is turned
    off): the caller then keeps the pure-Python scorer."""
    if os.environ.get(PURE_ENV) or scorer.rows * scorer.cols > MAX_CELLS:
        return None
    library = _library(str(default_cache_dir()))
    if library is None:
        return None
    return CompiledScorer(library, scorer)


class CompiledScorer:
    """``BoardScorer.score`` in C, over the same lexicon arrays and word offsets."""

    def __init__(self, library: ctypes.CDLL, scorer: BoardScorer) -> None:
        lexicon = scorer.lexicon
        self.python = scorer
        self._library = library
        # Keep every array alive as long as the C side points into it.
        self._arrays = [
            _u32(lexicon.mask),
            _u32(lexicon.first),
            _u32(lexicon.kids),
            _u32(scorer.offset),
        ]
        self._seen = (ctypes.c_uint32 * max(1, len(lexicon)))()
        cells = scorer.rows * scorer.cols
        flat = [-1] * (8 * cells)
        for cell, around in enumerate(scorer.neighbours):
            flat[8 * cell : 8 * cell + len(around)] = around
        self._neighbours = (ctypes.c_int32 * len(flat))(*flat)
        self._points = (ctypes.c_int32 * len(scorer.points))(*scorer.points)
        self._heads = (ctypes.c_uint32 * cells)()
        self._tails = (ctypes.c_uint32 * cells)()
        self._letter_bit = lexicon.letter_bit
        self._stamp = 0
        pointers = [ctypes.cast(a.buffer_info()[0], ctypes.c_void_p) for a in self._arrays]
        self._handle = library.bs_new(
            *pointers,
            self._seen,
            lexicon.terminal,
            cells,
            self._neighbours,
            self._points,
            scorer.min_length,
        )
        if not self._handle:
            raise MemoryError("the compiled scorer could not allocate its state")

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            self._library.bs_free(handle)

    def score(self, faces: Sequence[str]) -> int:
        """Points of the board with these faces, as ``BoardScorer.score`` counts them."""
        heads, tails, letter_bit = self._heads, self._tails, self._letter_bit
        for cell, face in enumerate(faces):
            heads[cell] = letter_bit[face[0]]
            tails[cell] = letter_bit.get(face[1], 0) if len(face) > 1 else 0
        self._stamp += 1
        if self._stamp >= 0xFFFFFFFF:
            ctypes.memset(self._seen, 0, ctypes.sizeof(self._seen))
            self._stamp = 1
        points: int = self._library.bs_score(self._handle, heads, tails, self._stamp)
        return points


def _u32(values: array[int]) -> array[int]:
    """The values as a C ``uint32_t`` array (the lexicon's arrays may use another item size)."""
    if values.itemsize == 4 and values.typecode in "IL":
        return values
    return array("I", values)


@cache
def _library(cache_dir: str) -> ctypes.CDLL | None:
    """Load the built library, building it first if this source was never built here."""
    source = SOURCE.read_bytes()
    tag = hashlib.sha256(source + platform.platform().encode()).hexdigest()[:16]
    target = Path(cache_dir) / f"scorer-{tag}.so"
    try:
        if not target.exists():
            _build(source, target)
        library = ctypes.CDLL(str(target))
    except (OSError, subprocess.SubprocessError):
        return None
    library.bs_new.restype = ctypes.c_void_p
    library.bs_new.argtypes = [ctypes.c_void_p] * 5 + [
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_void_p,
        ctypes.c_void_p,
        ctypes.c_int,
    ]
    library.bs_free.argtypes = [ctypes.c_void_p]
    library.bs_score.restype = ctypes.c_int64
    library.bs_score.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_uint32]
    return library


def _build(source: bytes, target: Path) -> None:
    """Compile into a temporary file, then rename it into place (concurrent builds are safe)."""
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise OSError("no C compiler")
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent) as temp:
        c_file = Path(temp) / "scorer.c"
        c_file.write_bytes(source)
        built = Path(temp) / target.name
        subprocess.run(
            [compiler, "-O2", "-shared", "-fPIC", "-o", str(built), str(c_file)],
            check=True,
            capture_output=True,
            timeout=120,
        )
        os.replace(built, target)
