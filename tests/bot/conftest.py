"""Fixtures for end-to-end tests of the bot (the stand-in and lexicon come from tests/conftest.py)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session
from tests.stores import ENGINES, SQLiteTarget, StoreTarget, postgres_target


@pytest.fixture(scope="session")
def lexicon(english: Lexicon) -> Lexicon:
    """English as the bot reads it: with its frequencies (missed words most common first)."""
    return english


@pytest.fixture(scope="session", autouse=True)
def bots_lexicon_cache(lexicon_cache: Path) -> Iterator[None]:
    """A bot in this process loads other languages' lexicons from the test run's cache (built
    there by a child process when missing), never from the user's."""
    before = os.environ.get("BOGGLE_CACHE_DIR")
    os.environ["BOGGLE_CACHE_DIR"] = str(lexicon_cache)
    yield
    if before is None:
        del os.environ["BOGGLE_CACHE_DIR"]
    else:
        os.environ["BOGGLE_CACHE_DIR"] = before


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


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """Where a SQLite file goes, for the tests about SQLite's files and plans."""
    return tmp_path / "boggle.db"


@pytest.fixture
async def sqlite_storage(db_path: Path) -> AsyncIterator[SQLiteStorage]:
    """The storage on a SQLite file at ``db_path`` (its connection at hand, for query plans)."""
    store = await SQLiteStorage.open(db_path)
    yield store
    await store.close()
