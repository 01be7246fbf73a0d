"""Fixtures for end-to-end tests of the bot (the stand-in and lexicon come from tests/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.storage import Storage
from core.lexicon import Lexicon
from standin import StandIn
from tests.stores import ENGINES, SQLiteTarget, StoreTarget, postgres_target

from .harness import Clock, Harness, bot_session


@pytest.fixture(scope="session")
def lexicon(english: Lexicon) -> Lexicon:
    """English as the bot reads it: with its frequencies (missed words most common first)."""
    return english


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


@pytest.fixture(params=ENGINES)
async def store_target(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[StoreTarget]:
    """An empty database of each engine (PostgreSQL: a schema of its own), for the storage tests
    that hold on both."""
    target: StoreTarget
    if request.param == "sqlite":
        target = SQLiteTarget(tmp_path / "boggle.db")
        yield target
        return
    async with postgres_target() as target:
        yield target


@pytest.fixture
async def storage(store_target: StoreTarget) -> AsyncIterator[Storage]:
    """The storage opened on ``store_target``, closed after the test."""
    store = await store_target.open()
    yield store
    await store.close()
