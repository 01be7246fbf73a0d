"""A typed event bus: the services say what happened, any number of listeners show it.

A listener returning an awaitable runs as a task of the bus (``drain`` waits for them at
shutdown). A failing listener is logged and the others still hear the event: one front end's
failure never costs another's players. A service that needs a listener's word back before it
goes on uses ``publish_and_wait``; the listener answers through the service's use cases, never
by a return value.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

log = logging.getLogger(__name__)

E = TypeVar("E")
T = TypeVar("T")
Listener = Callable[[E], Awaitable[None] | None]


class EventBus:
    """Publish and subscribe by the event's class."""

    def __init__(self) -> None:
        self._listeners: dict[type[Any], list[Listener[Any]]] = {}
        self._running: set[asyncio.Future[Any]] = set()

    def subscribe(self, kind: type[E], listener: Listener[E]) -> Callable[[], None]:
        """Hear every ``kind`` published from now on; returns the way to stop hearing it."""
        listeners = self._listeners.setdefault(kind, [])
        listeners.append(listener)
        return lambda: listeners.remove(listener) if listener in listeners else None

    def publish(self, event: object) -> None:
        """Tell every listener of the event's class, in the order they subscribed."""
        for listener in list(self._listeners.get(type(event), ())):
            self._tell(listener, event)

    async def publish_and_wait(self, event: object) -> int:
        """Tell every listener, then wait for those that run on; cancelled, they are cancelled
        too (the wait was theirs). How many listeners heard the event (0: nobody shows it)."""
        listeners = list(self._listeners.get(type(event), ()))
        told = [self._tell(listener, event) for listener in listeners]
        tasks = [task for task in told if task is not None]
        if tasks:
            try:
                await asyncio.wait(tasks)
            except asyncio.CancelledError:
                for task in tasks:
                    task.cancel()
                await asyncio.wait(tasks)  # their own clean-up, then the cancel goes on
                raise
        return len(listeners)

    def spawn(self, work: Awaitable[T]) -> asyncio.Future[T]:
        """Run a listener's follow-up (a reaction once its word is committed) as the bus's own:
        drained with the listeners at shutdown, its failure logged."""
        task = asyncio.ensure_future(work)
        self._running.add(task)
        task.add_done_callback(self._finished)
        return task

    async def drain(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the listeners still running, then cancel them."""
        if not self._running:
            return
        _, late = await asyncio.wait(set(self._running), timeout=timeout)
        for task in late:
            task.cancel()

    def _tell(self, listener: Listener[Any], event: object) -> asyncio.Future[Any] | None:
        """Call one listener; what it goes on doing runs as a task of the bus."""
        try:
            outcome = listener(event)
        except Exception:
            log.exception("a listener of %s failed", type(event).__name__)
            return None
        if outcome is not None and inspect.isawaitable(outcome):
            return self.spawn(outcome)
        return None

    def _finished(self, task: asyncio.Future[Any]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a listener failed", exc_info=task.exception())
