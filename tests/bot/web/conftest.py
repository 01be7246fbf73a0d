"""The bot with its web front end on a free port, against the stand-in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import expect

from bot.config.settings import WebSettings
from core.lexicon import Lexicon
from standin import StandIn
from standin.activities import STANDIN_CLIENT_SECRET
from tests.bot.harness import Clock, Harness, bot_session

WEB = WebSettings("127.0.0.1", 0, STANDIN_CLIENT_SECRET)

# What the page shows is waited for this long at most: a browser, the bot and the stand-in share
# two cores with the rest of the suite, and a wait is not a measure of speed (bench_web is).
expect.set_options(timeout=15_000)


@pytest.fixture
async def web_game(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> AsyncIterator[Harness]:
    async with bot_session(standin, database, clock, lexicon, web=WEB) as harness:
        yield harness


def page_url(harness: Harness) -> str:
    assert harness.app.web is not None
    return harness.app.web.url
