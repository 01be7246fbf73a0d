"""Fixtures every test package shares: the real word list built once, and a running stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.dice import DATA_DIR
from core.languages import LANGUAGE_CODES, lexicon_for
from core.lexicon import Lexicon, load
from standin import StandIn
from standin.testing import running_standin


@pytest.fixture(scope="session")
def lexicon_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The lexicon cache of a test run (a temporary folder)."""
    return tmp_path_factory.mktemp("lexicon")


@pytest.fixture(scope="session")
def lexicon(lexicon_cache: Path) -> Lexicon:
    """data/words/en.txt (no frequencies), built once a test run into a temporary cache."""
    return load(DATA_DIR / "words" / "en.txt", cache_dir=lexicon_cache)


@pytest.fixture(scope="session")
def english(lexicon_cache: Path) -> Lexicon:
    """English as the bot reads it (data/words/en.txt with its frequencies), built once a run."""
    return lexicon_for("en", lexicon_cache)


@pytest.fixture(scope="session")
def lexicons(english: Lexicon, lexicon_cache: Path) -> dict[str, Lexicon]:
    """Every language's lexicon as the bot reads it, built once a run (seconds each)."""
    others = {code: lexicon_for(code, lexicon_cache) for code in LANGUAGE_CODES if code != "en"}
    return {"en": english, **others}


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the client called routes the stand-in does not serve"
