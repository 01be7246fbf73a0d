"""A typed event bus: the services say what happened, any number of listeners show it.

A listener is a plain function taking the event; one that returns an awaitable is run as a task
of the bus (``drain`` waits for them at shutdown). A listener that fails is logged and the others
still hear the event: one front end's failure never costs another's players.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

log = logging.getLogger(__name__)

E = TypeVar("E")
Listener = Callable[[E], Awaitable[None] | None]


class EventBus:
    """Publish and subscribe by the event's class."""

    def __init__(self) -> None:
        self._listeners: dict[type[Any], list[Listener[Any]]] = {}
        self._running: set[asyncio.Task[None]] = set()

    def subscribe(self, kind: type[E], listener: Listener[E]) -> Callable[[], None]:
        """Hear every ``kind`` published from now on; returns the way to stop hearing it."""
        listeners = self._listeners.setdefault(kind, [])
        listeners.append(listener)
        return lambda: listeners.remove(listener) if listener in listeners else None

    def publish(self, event: object) -> None:
        """Tell every listener of the event's class, in the order they subscribed."""
        for listener in list(self._listeners.get(type(event), ())):
            try:
                outcome = listener(event)
            except Exception:
                log.exception("a listener of %s failed", type(event).__name__)
                continue
            if inspect.isawaitable(outcome):
                task = asyncio.ensure_future(outcome)
                self._running.add(task)
                task.add_done_callback(self._finished)

    async def drain(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the listeners still running, then cancel them."""
        if not self._running:
            return
        _, late = await asyncio.wait(set(self._running), timeout=timeout)
        for task in late:
            task.cancel()

    def _finished(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a listener failed", exc_info=task.exception())
