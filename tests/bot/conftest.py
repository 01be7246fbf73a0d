"""Fixtures for end-to-end tests: the stand-in, the real lexicon (built once), the bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.standin import StandIn
from bot.standin.testing import running_standin
from core.dice import DATA_DIR
from core.lexicon import Lexicon, load

from .harness import Clock, Harness, bot_session


@pytest.fixture(scope="session")
def lexicon(tmp_path_factory: pytest.TempPathFactory) -> Lexicon:
    return load(DATA_DIR / "words" / "en.txt", cache_dir=tmp_path_factory.mktemp("lexicon"))


@pytest.fixture
async def standin() -> AsyncIterator[StandIn]:
    async with running_standin() as server:
        yield server
        assert server.unknown_routes == [], "the bot called routes the stand-in does not serve"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "boggle.sqlite3"


@pytest.fixture
async def game(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicon) as harness:
        yield harness
