"""The guess writer (``bot/rounds/writer.py``) on real databases: every row lands, in batches,
through a locked database, and a row the database refuses is set aside alone."""

from __future__ import annotations

import asyncio

import pytest

from bot.kernel.events import EventBus
from bot.rounds.events import GuessesCommitted
from bot.rounds.model import GuessRow
from bot.rounds.writer import GuessWriter
from bot.stores import Storage
from core.round import Verdict
from tests.bot.rounds.stored import ACCEPTED, accepted, new_round
from tests.stores import StoreTarget


async def test_writer_lands_every_row(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    events = EventBus()
    writer = GuessWriter(storage, events=events)
    batches: list[int] = []
    events.subscribe(GuessesCommitted, lambda e: batches.append(len(e.rows)))
    tickets = []
    for i in range(5000):
        verdict = ACCEPTED if i % 5 == 0 else Verdict.NOT_A_WORD
        tickets.append(
            writer.submit(GuessRow(stored.id, i % 7, f"w{i % 1500}", verdict, 1, float(i)))
        )
    assert tickets == list(range(1, 5001))
    await writer.wait_for(tickets[-1])
    assert writer.pending == 0
    # A backlog goes out in big batches, so it drains instead of growing.
    assert sum(batches) == 5000 and max(batches) == writer.backlog_batch_size
    assert await store_target.value("SELECT COUNT(*) FROM guesses") == 5000
    expected = {(i % 7, f"w{i % 1500}") for i in range(0, 5000, 5)}
    assert {(p, w) for p, w, _ in await storage.accepted_words(stored.id)} == expected
    await writer.close()
    with pytest.raises(RuntimeError):
        writer.submit(accepted(stored.id, 1, "cat", 1.0))


async def test_writer_flushes_on_its_own(storage: Storage, store_target: StoreTarget) -> None:
    stored = await new_round(storage)
    async with GuessWriter(storage, interval=0.01) as writer:
        writer.submit(accepted(stored.id, 1, "cat", 1.0))
        for _ in range(200):  # the commit is visible here a moment before the writer hears it
            if writer.pending == 0:
                break
            await asyncio.sleep(0.01)
        assert writer.pending == 0
        assert await store_target.value("SELECT COUNT(*) FROM found_words") == 1


@pytest.mark.parametrize("busy_timeout", [5.0, 0.02], ids=["waits", "retries"])
async def test_writer_survives_a_locked_database(
    store_target: StoreTarget, busy_timeout: float
) -> None:
    store = await store_target.open(busy_timeout=busy_timeout)
    stored = await new_round(store)
    blocker = await store_target.block_writes_for("guesses", 0.3)  # another process's lock
    writer = GuessWriter(store, interval=0.01)
    try:
        for i in range(500):
            writer.submit(accepted(stored.id, i % 3, f"w{i}", float(i)))
            if i % 100 == 0:
                await asyncio.sleep(0.02)
        await writer.flush()
    finally:
        await blocker
        await writer.close()
        await store.close()
    assert await store_target.value("SELECT COUNT(*) FROM guesses") == 500
    assert await store_target.value("SELECT COUNT(*) FROM found_words") == 500
    if busy_timeout < 0.3:
        assert writer.retries > 0


async def test_writer_sets_aside_only_the_row_the_database_refuses(storage: Storage) -> None:
    stored = await new_round(storage)
    async with GuessWriter(storage) as writer:
        writer.submit(accepted(stored.id, 1, "cat", 1.0))
        writer.submit(accepted(424242, 1, "dog", 2.0))  # no such round
        writer.submit(accepted(stored.id, 1, "dogs", 3.0))
        await writer.flush()
    assert [r.round_id for r in writer.rejected] == [424242]
    assert [w for _, w, _ in await storage.accepted_words(stored.id)] == ["cat", "dogs"]
