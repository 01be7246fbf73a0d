"""Every language's lexicon and definitions index built into the cache once per machine and
content: ``python -m core.compile --all`` (make's set-up, the image) and the tests' fixtures.

Both are named in the cache by their sources' digests and the builder's version, so a build only
happens when something it reads has changed; otherwise this costs a look at the cache (about a
second: each lexicon is read to check it). The builds run in child processes, one a core: a
build's heap (a few hundred MB for an index) goes with its child.
"""

from __future__ import annotations

import contextlib
import fcntl
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from core.definitions import Definitions
from core.definitions.sources import SOURCES
from core.languages import LANGUAGE_CODES, cached_lexicon_for, language, lexicon_for

LOCK = ".build.lock"
XZ_RATIO = 6  # how much smaller a list is xz-compressed (da fi no sv tr 5.7-6.9, it 8.7)


@contextlib.contextmanager
def cache_lock(cache_dir: Path) -> Iterator[None]:
    """One builder of a cache at a time, across processes (xdist workers, two ``make`` at once):
    the others wait, then find what it built. Each file is also written atomically, so a reader
    that takes no lock never sees half of one."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    with open(cache_dir / LOCK, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield  # closing the file lets the lock go


def build_all(
    cache_dir: Path,
    *,
    definitions: bool = True,
    jobs: int | None = None,
    nice: int = 0,
    codes: Sequence[str] = LANGUAGE_CODES,
) -> list[str]:
    """Build what the cache lacks: every language's lexicon (of ``codes``), then
    (``definitions``) every definitions index; one line a build, none when the cache held
    everything. ``jobs``: builds at once (default: one a core); ``nice``: the children's
    niceness. Raises what a build raised (LexiconError, OSError)."""
    with cache_lock(cache_dir):
        lexicons = [c for c in codes if cached_lexicon_for(c, cache_dir) is None]
        lexicons.sort(key=lambda c: -_list_size(c))  # longest first
        done = _run(_build_lexicon, lexicons, cache_dir, jobs, nice)
        if definitions:
            # Longest first (the definitions' own figures: de 41 s, fr 33 s, en 15 s).
            indexes = [c for c in ("de", "fr", "en") if c in SOURCES and _lacks_index(c, cache_dir)]
            done += _run(_build_index, indexes, cache_dir, jobs, nice)
        return done


def _list_size(code: str) -> int:
    """About how long a language's list is as text: an xz one's size times ``XZ_RATIO``, so the
    order holds with lists of both kinds."""
    path = language(code).words_file
    return path.stat().st_size * (XZ_RATIO if path.suffix == ".xz" else 1)


def _lacks_index(code: str, cache_dir: Path) -> bool:
    lexicon = cached_lexicon_for(code, cache_dir)
    if lexicon is None:
        return True
    return not Definitions.open(code, cache_dir, lexicon=lexicon).is_cached()


def _run(
    job: Callable[[str, Path], str],
    codes: Sequence[str],
    cache_dir: Path,
    jobs: int | None,
    nice: int,
) -> list[str]:
    if not codes:
        return []
    workers = min(len(codes), jobs or os.cpu_count() or 1)
    # Spawned, not forked: a test worker has threads, and a fork keeps their locks as they were.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, context, initializer=os.nice, initargs=(nice,)) as pool:
        return list(pool.map(job, codes, [cache_dir] * len(codes)))


def _build_lexicon(code: str, cache_dir: Path) -> str:
    started = time.perf_counter()
    lexicon = lexicon_for(code, cache_dir)
    return f"{code}: lexicon, {len(lexicon)} words in {time.perf_counter() - started:.1f} s"


def _build_index(code: str, cache_dir: Path) -> str:
    started = time.perf_counter()
    definitions = Definitions.open(code, cache_dir, lexicon=lexicon_for(code, cache_dir))
    definitions.build_into_cache()
    return f"{code}: definitions in {time.perf_counter() - started:.1f} s"
