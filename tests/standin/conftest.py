"""Fixtures: a running stand-in (default world) and the demo bot logged in to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from standin import StandIn
from standin.testing import running_bot
from tests.standin.demo_bot import DemoBot
from tests.standin.private_bot import PrivateBot


@pytest.fixture
async def demo_bot(standin: StandIn) -> AsyncIterator[DemoBot]:
    guild_id = next(iter(standin.world.guilds))
    async with running_bot(standin, DemoBot(sync_guild=guild_id)) as bot:
        yield bot


@pytest.fixture
async def private_bot(standin: StandIn) -> AsyncIterator[PrivateBot]:
    """The bot of private answers, modals and user installs (commands synced globally)."""
    async with running_bot(standin, PrivateBot()) as bot:
        yield bot
