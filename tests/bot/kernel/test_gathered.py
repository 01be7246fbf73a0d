"""Writes gathered while one is under way share the next transaction; a failed one fails each of
its callers, and only them."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from bot.kernel.gathered import Gathered


class Log:
    def __init__(self) -> None:
        self.batches: list[list[int]] = []
        self.failing: set[int] = set()

    async def write(self, items: Sequence[int]) -> None:
        await asyncio.sleep(0)  # a transaction takes a turn of the loop at least
        if self.failing & set(items):
            raise ConnectionError("connection reset")
        self.batches.append(list(items))


async def test_items_added_while_a_batch_is_written_go_in_the_next() -> None:
    log = Log()
    gathered: Gathered[int, None] = Gathered(log.write)
    first = asyncio.create_task(gathered.add(1))
    await asyncio.sleep(0)  # its write has begun
    await asyncio.gather(first, *(gathered.add(n) for n in (2, 3, 4)))
    assert log.batches == [[1], [2, 3, 4]]
    await gathered.add(5)
    assert log.batches == [[1], [2, 3, 4], [5]]


async def test_a_failed_batch_fails_each_of_its_callers_only() -> None:
    log = Log()
    log.failing = {2}
    gathered: Gathered[int, None] = Gathered(log.write)
    first = asyncio.create_task(gathered.add(1))
    await asyncio.sleep(0)
    done = await asyncio.gather(first, gathered.add(2), gathered.add(3), return_exceptions=True)
    assert done[0] is None
    assert [type(d) for d in done[1:]] == [ConnectionError, ConnectionError]
    log.failing = set()
    await gathered.add(2)
    assert log.batches == [[1], [2]]


async def test_nothing_is_written_for_nothing() -> None:
    log = Log()
    Gathered(log.write)
    await asyncio.sleep(0)
    assert log.batches == []
    with pytest.raises(ConnectionError):
        log.failing = {9}
        await Gathered(log.write).add(9)
