"""The bots of these tests read the definitions' indexes of the machine's cache (``make`` builds
them at set-up, as the image does; ``definitions_cache`` builds those it lacks)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session


@pytest.fixture(scope="session", autouse=True)
def definitions_built(definitions_cache: Path) -> None:
    """Before any bot opens an index: the machine's cache holds every language's."""


@pytest.fixture
async def play(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicons["en"], lexicons=lexicons) as game:
        yield game
