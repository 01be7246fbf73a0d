"""The pace of a process's world posts: calls spaced at its rate, in the order they asked."""

from __future__ import annotations

import asyncio
from itertools import pairwise

import pytest

from bot.kernel.limits import Pacer


async def test_calls_take_their_turns_in_order_at_the_rate() -> None:
    pacer = Pacer(20.0)
    loop = asyncio.get_running_loop()
    turns: list[tuple[int, float]] = []

    async def call(number: int) -> None:
        await pacer.turn()
        turns.append((number, loop.time()))

    started = loop.time()
    await asyncio.gather(*(call(n) for n in range(11)))
    assert [n for n, _ in turns] == list(range(11))
    assert turns[-1][1] - started >= 10 / 20 - 0.01  # ten gaps of 1/20 s
    gaps = [b - a for (_, a), (_, b) in pairwise(turns)]
    assert min(gaps) >= 1 / 20 - 0.01
    assert pacer.waiting == 0


def test_a_pace_needs_a_rate() -> None:
    with pytest.raises(ValueError, match="above 0"):
        Pacer(0)


async def test_a_call_no_longer_wanted_leaves_its_turn_to_the_next() -> None:
    """Boards whose turn comes after their round's close are skipped: they must not hold back
    the results behind them."""
    pacer = Pacer(10.0)
    loop = asyncio.get_running_loop()
    assert await pacer.turn()  # the first: at once, the next a tenth of a second on
    started = loop.time()
    skipped = [await pacer.turn(lambda: False) for _ in range(5)]
    assert skipped == [False] * 5
    assert await pacer.turn()
    # One gap in all (the first call's), not six: the skipped took no turn.
    assert loop.time() - started < 2 / 10
