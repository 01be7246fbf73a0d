"""Writes that arrive together share one transaction: while one batch is written the next
gathers, so one commit an item when they are few, a few a second however many there are, and
no timer to wait for. Each item's caller waits for its batch's commit, gets its own answer, and
fails as the batch fails.

Where many writes land at once on one connection (fifty rounds ending on SQLite, a crowd's world
guesses), a commit each would be a turn of it behind the others: the outbox's posts sent, the
rounds' results posted and the world's words are written this way.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")

BATCH_SIZE = 500  # items a transaction at most

# A batch's write: each item's answer, in order (None: every item's answer is None).
Write = Callable[[Sequence[T]], Awaitable[Sequence[R] | None]]


class Gathered(Generic[T, R]):
    """Items written by ``write`` in batches of ``size`` at most; ``add`` from the event loop's
    thread. The task writing them runs while items wait, and ends when none is left."""

    def __init__(self, write: Write[T, R], size: int = BATCH_SIZE) -> None:
        self._write = write
        self.size = size
        self.batches = 0  # transactions written (a metric, and what tests count)
        self._queue: deque[tuple[T, asyncio.Future[R | None]]] = deque()
        self._writing: asyncio.Task[None] | None = None

    @property
    def pending(self) -> int:
        """Items queued, not yet written."""
        return len(self._queue)

    async def add(self, item: T) -> R | None:
        """Write ``item`` with the others added meanwhile; its answer once that batch committed,
        or raise what its write raised."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[R | None] = loop.create_future()
        self._queue.append((item, done))
        if self._writing is None:
            self._writing = loop.create_task(self._write_batches(), name="gathered writes")
        return await done

    async def close(self) -> None:
        """Write what is queued (a batch in flight is written, not cut off)."""
        if self._writing is not None:
            await asyncio.shield(self._writing)

    async def _write_batches(self) -> None:
        try:
            while self._queue:
                size = min(self.size, len(self._queue))
                await self._write_one([self._queue.popleft() for _ in range(size)])
        finally:
            self._writing = None
            while self._queue:  # stopped: an item still queued is not left waiting
                _, done = self._queue.popleft()
                done.cancel()

    async def _write_one(self, taken: list[tuple[T, asyncio.Future[R | None]]]) -> None:
        try:
            answers = await self._write([item for item, _ in taken])
        except Exception as exc:  # each of its callers fails, as its own write would
            for _, done in taken:
                if not done.done():
                    done.set_exception(exc)
            return
        finally:
            self.batches += 1
        filled: Sequence[R | None] = [None] * len(taken) if answers is None else answers
        for (_, done), answer in zip(taken, filled, strict=True):
            if not done.done():  # its caller may have been cancelled meanwhile
                done.set_result(answer)
