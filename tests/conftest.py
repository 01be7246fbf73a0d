"""Fixtures every test package shares: the real word lists from the machine's cache, and a running
stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from pathlib import Path

import pytest

from core.compile_all import build_all, cache_lock
from core.dice import DATA_DIR
from core.languages import LANGUAGE_CODES, cached_lexicon_for, lexicon_for
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


class LanguageLexicons(Mapping[str, Lexicon]):
    """Every language's lexicon as the bot reads it, each read from the cache on a test's first
    use of it (built there first when the cache lacks it, by a niced child, as ``make`` builds
    them): a worker holds only the languages its tests play, however many the game speaks."""

    def __init__(self, cache: Path) -> None:
        self.cache = cache
        self._held: dict[str, Lexicon] = {}

    def __getitem__(self, code: str) -> Lexicon:
        if code not in LANGUAGE_CODES:
            raise KeyError(code)
        found = self._held.get(code)
        if found is None:
            found = cached_lexicon_for(code, self.cache)
            if found is None:
                build_all(self.cache, definitions=False, nice=NICE, codes=[code])
                found = lexicon_for(code, self.cache)
            self._held[code] = found
        return found

    def __contains__(self, code: object) -> bool:
        return code in LANGUAGE_CODES

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGE_CODES)

    def __len__(self) -> int:
        return len(LANGUAGE_CODES)


@pytest.fixture(scope="session")
def lexicons(lexicon_cache: Path) -> LanguageLexicons:
    """Every language's lexicon as the bot reads it, loaded on first use (``LanguageLexicons``)."""
    return LanguageLexicons(lexicon_cache)


@pytest.fixture(scope="session")
def english(lexicons: LanguageLexicons) -> Lexicon:
    """English as the bot reads it (data/words/en.txt with its frequencies)."""
    return lexicons["en"]


@pytest.fixture(scope="session")
def definitions_cache(lexicon_cache: Path) -> Path:
    """The cache with every language's definitions index (built first when it lacks one)."""
    build_all(lexicon_cache, nice=NICE)
    return lexicon_cache


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the client called routes the stand-in does not serve"
