"""Fixtures every test package shares: the real word list built once, and a running stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.dice import DATA_DIR
from core.lexicon import Lexicon, load
from standin import StandIn
from standin.testing import running_standin


@pytest.fixture(scope="session")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    """data/words/en.txt, built once a test run into a temporary cache."""
    return load(DATA_DIR / "words" / "en.txt", cache_dir=tmp_path_factory.mktemp("lexicon"))


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the client called routes the stand-in does not serve"
