"""Fixtures every test package shares: the real word lists from the machine's cache, and a running
stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.compile_all import build_all, cache_lock
from core.dice import DATA_DIR
from core.languages import LANGUAGE_CODES, lexicon_for
from core.lexicon import Lexicon, default_cache_dir, load
from standin import StandIn
from standin.testing import running_standin
from tests import profiles


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"brute: a brute-force property test, sized by the hypothesis profile "
        f"(${profiles.VARIABLE}: {profiles.QUICK} by default, {profiles.THOROUGH} in CI's second pass)",
    )


@pytest.fixture(scope="session")
def lexicon_cache() -> Path:
    """The machine's lexicon cache, the bot's and the CLI's (``default_cache_dir``:
    ``$BOGGLE_CACHE_DIR``, else the user's cache folder), which ``make`` fills at set-up: its
    files are named by their sources' digests, so a run reads what an earlier one built. A test
    of the build itself builds into a folder of its own."""
    return default_cache_dir()


# Builds run below the tests' priority: an idle core is theirs, a running test's timeouts are not
# starved by them.
NICE = 10


@pytest.fixture(scope="session")
def lexicon(lexicon_cache: Path) -> Lexicon:
    """data/words/en.txt (no frequencies), from the cache (built there the first time)."""
    with cache_lock(lexicon_cache):
        return load(DATA_DIR / "words" / "en.txt", cache_dir=lexicon_cache)


@pytest.fixture(scope="session")
def lexicons(lexicon_cache: Path) -> dict[str, Lexicon]:
    """Every language's lexicon as the bot reads it, from the cache (those it lacks built first,
    by one niced child a core, as ``make`` builds them)."""
    build_all(lexicon_cache, definitions=False, nice=NICE)
    return {code: lexicon_for(code, lexicon_cache) for code in LANGUAGE_CODES}


@pytest.fixture(scope="session")
def english(lexicons: dict[str, Lexicon]) -> Lexicon:
    """English as the bot reads it (data/words/en.txt with its frequencies)."""
    return lexicons["en"]


@pytest.fixture(scope="session")
def definitions_cache(lexicons: dict[str, Lexicon], lexicon_cache: Path) -> Path:
    """The cache with every language's definitions index (built first when it lacks one)."""
    build_all(lexicon_cache, nice=NICE)
    return lexicon_cache


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the client called routes the stand-in does not serve"
