"""Fixtures: a running stand-in (default world) and the demo bot logged in to it."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from standin import StandIn
from standin.testing import running_bot

from .demo_bot import DemoBot


@pytest.fixture
async def demo_bot(standin: StandIn) -> AsyncIterator[DemoBot]:
    guild_id = next(iter(standin.world.guilds))
    async with running_bot(standin, DemoBot(sync_guild=guild_id)) as bot:
        yield bot
