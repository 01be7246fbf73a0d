"""Fixtures every test package shares: the real word list built once, and a running stand-in."""

from __future__ import annotations

import contextlib
import fcntl
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from core.dice import DATA_DIR
from core.languages import LANGUAGE_CODES, cached_lexicon_for, lexicon_for
from core.lexicon import Lexicon, load
from standin import StandIn
from standin.testing import running_standin


@pytest.fixture(scope="session")
def lexicon_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lexicon cache of a test run (a temporary folder), shared by the run's workers when
    pytest-xdist runs it in several processes (each builds nothing another has built)."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return tmp_path_factory.mktemp("lexicon")
    shared = tmp_path_factory.getbasetemp().parent / "lexicon"
    shared.mkdir(exist_ok=True)
    return shared


# Builds in children run below the tests' priority: an idle core is theirs, a running test's
# timeouts are not starved by them.
NICE = ("nice", "-n", "10")


@contextlib.contextmanager
def building(cache: Path) -> Iterator[None]:
    """One worker at a time builds into the shared cache; the others then read what it built."""
    with (cache / ".building").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def lexicon(lexicon_cache: Path) -> Lexicon:
    """data/words/en.txt (no frequencies), built once a test run into a temporary cache."""
    with building(lexicon_cache):
        return load(DATA_DIR / "words" / "en.txt", cache_dir=lexicon_cache)


@pytest.fixture(scope="session")
def english(lexicon_cache: Path) -> Lexicon:
    """English as the bot reads it (data/words/en.txt with its frequencies), built once a run."""
    with building(lexicon_cache):
        return lexicon_for("en", lexicon_cache)


@pytest.fixture(scope="session")
def lexicons(english: Lexicon, lexicon_cache: Path) -> dict[str, Lexicon]:
    """Every language's lexicon as the bot reads it, built once a run: those the cache lacks
    by one child each, all at once and niced (as the image builds them), then read from the
    cache."""
    codes = [c for c in LANGUAGE_CODES if c != "en"]
    with building(lexicon_cache):
        missing = [c for c in codes if cached_lexicon_for(c, lexicon_cache) is None]
        children = [
            subprocess.Popen(
                [
                    *NICE,
                    sys.executable,
                    "-m",
                    "core.compile",
                    "--lang",
                    code,
                    "--cache-dir",
                    lexicon_cache,
                ],
                stdout=subprocess.DEVNULL,
            )
            for code in missing
        ]
        assert [child.wait() for child in children] == [0] * len(missing)
        others = {c: lexicon_for(c, lexicon_cache) for c in codes}
    return {"en": english, **others}


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the client called routes the stand-in does not serve"
