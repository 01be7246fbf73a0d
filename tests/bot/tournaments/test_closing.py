"""The bot's scheduler stops when the bot closes, even when it is woken in the same instant (a
round's end, a use case) as it is cancelled: on Python 3.11 ``asyncio.wait_for`` lost that
cancel, the loop went on and the bot's shutdown waited for it for ever (the tournaments' tests
hung in their teardown now and then)."""

from __future__ import annotations

import asyncio

from tests.bot.harness import Harness


async def test_a_wake_as_it_is_cancelled_still_stops_it(game: Harness) -> None:
    scheduler = game.services.scheduler
    await asyncio.sleep(0.1)  # running: between jobs it waits to be woken or for the next
    loop = next(t for t in asyncio.all_tasks() if t.get_name() == "scheduler")
    assert not loop.done()
    game.services.tournaments.wake()  # as a round's end does...
    closing = asyncio.create_task(scheduler.close())  # ...in the instant the bot closes
    done, _ = await asyncio.wait({closing}, timeout=5)
    assert closing in done, "the scheduler did not stop"
    assert loop.cancelled()
