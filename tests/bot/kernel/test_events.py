"""The event bus: every listener hears an event, one's failure costs the others nothing, and a
service that must hear back (the board's message id, the results out) waits for the listeners
that run on, cancelling them when its own wait is cancelled."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

import pytest

from bot.kernel.events import EventBus


@dataclass(frozen=True)
class Said:
    text: str


async def test_every_listener_hears_in_order_and_a_failing_one_costs_nothing(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bus = EventBus()
    heard: list[str] = []

    def fails(event: Said) -> None:
        raise RuntimeError("broken front end")

    bus.subscribe(Said, lambda e: heard.append(f"first {e.text}"))
    bus.subscribe(Said, fails)
    stop = bus.subscribe(Said, lambda e: heard.append(f"last {e.text}"))
    bus.publish(Said("a"))
    stop()
    bus.publish(Said("b"))
    assert heard == ["first a", "last a", "first b"]
    assert "a listener of Said failed" in caplog.text


async def test_publish_and_wait_returns_once_the_listeners_are_done() -> None:
    bus = EventBus()
    answers: list[int] = []
    gate = asyncio.Event()

    async def posts(event: Said) -> None:
        await gate.wait()
        answers.append(len(event.text))  # as a listener answers through a use case

    bus.subscribe(Said, posts)
    bus.subscribe(Said, lambda e: None)
    waiting = asyncio.create_task(bus.publish_and_wait(Said("board")))
    await asyncio.sleep(0.01)
    assert not waiting.done() and answers == []
    gate.set()
    assert await waiting == 2  # both heard it; the answer came before the wait ended
    assert answers == [5]
    assert await EventBus().publish_and_wait(Said("nobody")) == 0


async def test_a_cancelled_wait_cancels_the_listeners_it_waited_for() -> None:
    bus = EventBus()
    started = asyncio.Event()
    cancelled = asyncio.Event()

    async def posts(event: Said) -> None:
        started.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.set()
            raise

    bus.subscribe(Said, posts)
    waiting = asyncio.create_task(bus.publish_and_wait(Said("results")))
    await started.wait()
    waiting.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert cancelled.is_set()


async def test_drain_waits_for_follow_ups_then_cancels_the_late() -> None:
    bus = EventBus()
    done: list[str] = []

    async def quick() -> None:
        await asyncio.sleep(0)
        done.append("quick")

    slow = bus.spawn(asyncio.sleep(60))
    bus.spawn(quick())
    await bus.drain(timeout=0.05)
    await asyncio.sleep(0)
    assert done == ["quick"] and slow.cancelled()
