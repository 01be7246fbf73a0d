"""The scheduler stops when the bot closes, even when it is woken in the same instant (a round's
end, a use case) as it is cancelled: on Python 3.11 ``asyncio.wait_for`` lost that cancel, the
scheduler went on and the bot's shutdown waited for it for ever (the tournaments' tests hung in
their teardown now and then)."""

from __future__ import annotations

import asyncio

from tests.bot.harness import Harness


async def test_a_wake_as_it_is_cancelled_still_stops_it(game: Harness) -> None:
    scheduler = game.services.tournament_scheduler
    await asyncio.sleep(0.1)  # running: between looks it waits to be woken or for its tick
    task = scheduler._task
    assert task is not None and not task.done()
    scheduler.service.wake()  # as a round's end does...
    closing = asyncio.create_task(scheduler.close())  # ...in the instant the bot closes
    done, _ = await asyncio.wait({closing}, timeout=5)
    assert closing in done, "the scheduler did not stop"
    assert task.cancelled()
