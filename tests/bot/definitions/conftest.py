"""The definitions' indexes of the test run's cache, built once a run by the same command the
image runs (``python -m core.definitions``), two languages at a time."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session
from tests.conftest import NICE, building


@pytest.fixture(scope="session", autouse=True)
def definitions_built(lexicons: dict[str, Lexicon], lexicon_cache: Path) -> None:
    """After the lexicons (the indexes are keyed by them), before any bot opens one."""
    with building(lexicon_cache):
        _build(lexicon_cache)


def _build(lexicon_cache: Path) -> None:
    running = [
        subprocess.Popen(
            [
                *NICE,
                sys.executable,
                "-m",
                "core.definitions",
                "--lang",
                code,
                "--cache-dir",
                lexicon_cache,
            ],
            stdout=subprocess.DEVNULL,
        )
        for code in ("en", "fr", "de")
    ]
    assert [process.wait() for process in running] == [0, 0, 0]


@pytest.fixture
async def play(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicons["en"], lexicons=lexicons) as game:
        yield game
