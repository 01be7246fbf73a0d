"""Fixtures for end-to-end tests of the bot (the stand-in and lexicon come from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.lexicon import Lexicon
from standin import StandIn

from .harness import Clock, Harness, bot_session


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
