"""Writes that arrive together share one transaction: while one batch is written the next
gathers, so one commit an item when they are few, a few a second however many there are, and
no timer to wait for. Each item's caller waits for its batch's commit and fails as it fails.

Where fifty rounds end at once on SQLite's one connection (a commit each is a turn of it, behind
the finishes still queued), the marks of what went out are written this way: the outbox's posts
sent, the rounds' results posted."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(eq=False)
class _Batch(Generic[T]):
    items: list[T] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)
    failure: Exception | None = None


class Gathered(Generic[T]):
    """Items written by ``write`` in batches; ``add`` from the event loop's thread."""

    def __init__(self, write: Callable[[Sequence[T]], Awaitable[None]]) -> None:
        self._write = write
        self._gathering: _Batch[T] = _Batch()
        self._writing: asyncio.Task[None] | None = None

    async def add(self, item: T) -> None:
        """Write ``item`` with the others added meanwhile; return once that batch committed,
        or raise what its write raised."""
        batch = self._gathering
        batch.items.append(item)
        if self._writing is None:
            self._writing = asyncio.create_task(self._write_batches(), name="gathered writes")
        await batch.done.wait()
        if batch.failure is not None:
            raise batch.failure

    async def _write_batches(self) -> None:
        try:
            while self._gathering.items:
                batch, self._gathering = self._gathering, _Batch()
                try:
                    await self._write(batch.items)
                except Exception as exc:  # each of its callers fails, as its own write would
                    batch.failure = exc
                batch.done.set()
        finally:
            self._writing = None
