"""The guess writer's task stops when cancelled even in the instant a batch wakes it (a player
hurrying it, a batch filling): on Python 3.11 ``asyncio.wait_for`` lost that cancel, the task
wrote the batch and then waited for the next row for ever, and ``close`` with it."""

from __future__ import annotations

import asyncio

from bot.rounds.writer import GuessWriter
from bot.stores import Storage
from tests.bot.rounds.stored import accepted, new_round


async def test_a_wake_as_it_is_cancelled_still_stops_it(storage: Storage) -> None:
    stored = await new_round(storage)
    writer = GuessWriter(storage, interval=30)  # a row waits for its batch or its timer
    writer.submit(accepted(stored.id, 1, "cat", 1.0))
    await asyncio.sleep(0.1)
    task = writer._task
    assert task is not None and not task.done()
    writer._full.set()  # as a full batch or a hurried player does...
    task.cancel()  # ...in the instant it is stopped
    done, _ = await asyncio.wait({task}, timeout=5)
    assert task in done, "the writer's task did not stop"
    assert task.cancelled()
    await writer.close(timeout=5)
