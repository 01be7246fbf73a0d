"""World words written in batches: every guess that scored waits for its words to be stored, but
the guesses that arrive together share one transaction.

A guess's words are queued (``add``); one task writes the queue whenever it is not empty, all of
it in one transaction (``WorldSQL.add_world_word_batch``: the rounds' rows shared, so no word is
added once a round is closed), and answers each guess with its words that were new. While a batch
is written the next one gathers: one transaction a guess when guesses are few, a few a second
however many there are, and no timer to wait for. A failed batch fails each of its guesses, as
their own transactions would have.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from bot.kernel.stopping import cancel_and_wait
from bot.world.model import WordsToAdd

BATCH_SIZE = 500  # guesses a transaction at most


class WordLog(Protocol):
    """What the writer asks of a database (``sql.WorldSQL.add_world_word_batch``)."""

    async def add_world_word_batch(self, adds: Sequence[WordsToAdd]) -> list[list[str] | None]: ...


def _set() -> asyncio.Event:
    event = asyncio.Event()
    event.set()
    return event


@dataclass(eq=False)
class WorldWordWriter:
    """The one writer of world words for a process; ``add`` from the event loop's thread."""

    storage: WordLog
    batch_size: int = BATCH_SIZE
    batches: int = 0  # transactions written (a metric, and what tests count)
    _queue: deque[tuple[WordsToAdd, asyncio.Future[list[str] | None]]] = field(
        default_factory=deque
    )
    _waiting: asyncio.Event = field(default_factory=asyncio.Event)  # the queue is not empty
    _drained: asyncio.Event = field(default_factory=_set)  # it is, and nothing is being written
    _task: asyncio.Task[None] | None = None

    @property
    def pending(self) -> int:
        """Guesses whose words are queued, not yet written."""
        return len(self._queue)

    async def add(self, words: WordsToAdd) -> list[str] | None:
        """Store the words, then return those that were new to the player (None: the round is
        closed, nothing added)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[list[str] | None] = loop.create_future()
        self._queue.append((words, done))
        self._drained.clear()
        self._waiting.set()
        if self._task is None or self._task.done():
            self._task = loop.create_task(self._run(), name="world-words")
        return await done

    async def close(self) -> None:
        """Write what is queued, then stop the task."""
        if self._task is not None and not self._task.done():
            await self._drained.wait()  # a batch in flight is written, not cut off
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        try:
            while True:
                await self._waiting.wait()
                while self._queue:
                    size = min(self.batch_size, len(self._queue))
                    await self._write([self._queue.popleft() for _ in range(size)])
                self._waiting.clear()
                self._drained.set()
        finally:  # stopped: a guess still queued is not left waiting
            while self._queue:
                _, done = self._queue.popleft()
                done.cancel()

    async def _write(
        self, taken: list[tuple[WordsToAdd, asyncio.Future[list[str] | None]]]
    ) -> None:
        try:
            added = await self.storage.add_world_word_batch([words for words, _ in taken])
        except Exception as exc:  # each guess fails as its own transaction would have
            for _, done in taken:
                if not done.done():
                    done.set_exception(exc)
            return
        finally:
            self.batches += 1
        for (_, done), new in zip(taken, added, strict=True):
            if not done.done():  # its guess may have been cancelled meanwhile
                done.set_result(new)
