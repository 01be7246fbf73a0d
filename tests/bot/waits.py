"""Waits on what the bot tells or shows, for tests that would otherwise sleep "long enough"."""

from __future__ import annotations

import asyncio

from bot.rounds.events import RoundTicked
from standin import StandIn
from tests.bot.harness import Harness


async def ticks(game: Harness, count: int = 2, timeout: float = 5.0) -> None:
    """Until the round runners have told ``count`` ticks from now: each read the clock as it is
    now (the clock is read and the tick told in one step); the second began after this call,
    so a deadline moved before it is stored."""
    heard = 0
    done = asyncio.Event()

    def tick(_: RoundTicked) -> None:
        nonlocal heard
        heard += 1
        if heard >= count:
            done.set()

    stop = game.services.events.subscribe(RoundTicked, tick)
    try:
        async with asyncio.timeout(timeout):
            await done.wait()
    finally:
        stop()


def edits(standin: StandIn, channel: str, message_id: int) -> int:
    """How many times ``message_id`` was edited so far."""
    return sum(
        1 for e in standin.transcript(channel) if e.kind == "edit" and e.message_id == message_id
    )


async def next_edit(
    standin: StandIn, channel: str, message_id: int, since: int, timeout: float = 5.0
) -> None:
    """Until ``message_id`` has been edited more than ``since`` times."""
    await standin.wait_until(lambda: edits(standin, channel, message_id) > since, timeout)
