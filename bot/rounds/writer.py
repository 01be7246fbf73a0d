"""Batched, lossless writing of guesses: many guesses a second, a few transactions a second.

``submit`` only appends to a queue, so judging a message never waits for the disk. A background
task writes the queue every ``interval`` seconds, or at once when ``batch_size`` rows wait, each
batch in one transaction. A row leaves the queue only after its batch is committed: a database
locked by another process (or a full disk) is waited out with backoff, never dropped. ``flush``
writes everything submitted so far before it returns; the bot calls it before scoring a round
from the database and at shutdown.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Sequence
from itertools import islice
from typing import Protocol

from bot.kernel.events import EventBus
from bot.kernel.stopping import cancel_and_wait
from bot.rounds.events import GuessesCommitted
from bot.rounds.model import GuessRow
from bot.storage.errors import RejectedWrite, TransientStorageError

log = logging.getLogger(__name__)


class GuessLog(Protocol):
    """What the writer asks of a database: a batch of guesses stored, all or nothing
    (``sql.RoundSQL.record_guesses``)."""

    async def record_guesses(self, rows: Sequence[GuessRow]) -> None: ...


class GuessWriter:
    """The one writer of guesses for a database; ``submit`` from the event loop's thread."""

    def __init__(
        self,
        storage: GuessLog,
        *,
        events: EventBus | None = None,
        interval: float = 0.05,
        hurried: float = 0.01,
        batch_size: int = 200,
        backlog_batch_size: int = 2000,
        initial_backoff: float = 0.02,
        max_backoff: float = 1.0,
    ) -> None:
        """``events``: where each committed batch is told (``GuessesCommitted``; None: a bus
        of its own)."""
        self._storage = storage
        self.events = events or EventBus()
        self.interval = interval
        self.hurried = hurried  # how soon a batch someone waits on is written (``hurry``)
        self._hurrying: asyncio.TimerHandle | None = None
        self.batch_size = batch_size
        # Under a flood a transaction costs about the same trips to the database thread for 2,000
        # rows as for 200: a backlog is written in bigger batches, so it drains instead of growing.
        self.backlog_batch_size = max(batch_size, backlog_batch_size)
        self.initial_backoff = initial_backoff
        self.max_backoff = max_backoff
        self._queue: deque[GuessRow] = deque()
        self._submitted = 0
        self._handled = 0  # committed or rejected; always _submitted - len(_queue)
        self._lock = asyncio.Lock()  # one batch in flight, from the task or from flush()
        self._pending = asyncio.Event()  # the queue is not empty
        self._progress = asyncio.Event()  # set (and replaced) after every committed batch
        self._full = asyncio.Event()  # a whole batch waits: write without waiting for the timer
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.retries = 0  # transient failures waited out, for logs and tests
        self.rejected: list[GuessRow] = []  # rows the database refuses for good (a bug upstream)

    async def __aenter__(self) -> GuessWriter:
        self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    @property
    def pending(self) -> int:
        """Rows submitted and not yet committed."""
        return len(self._queue)

    def start(self) -> None:
        """Start the background task (``submit`` does it too); needs a running event loop."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="guess-writer")

    @property
    def settled(self) -> int:
        """The highest ticket whose row is committed (or rejected), with every one before it."""
        return self._handled

    @property
    def submitted(self) -> int:
        """Rows submitted so far: a ticket that ``wait_for`` takes."""
        return self._submitted

    def hurry(self) -> None:
        """Someone waits for what is queued (a player shown their verdict once it is stored):
        write within ``hurried`` seconds rather than the ``interval``. Batches stay batches: at
        most one write a ``hurried`` however many wait."""
        if self._hurrying is None and self._queue:
            loop = asyncio.get_running_loop()
            self._hurrying = loop.call_later(self.hurried, self._hurry_now)

    def _hurry_now(self) -> None:
        self._hurrying = None
        self._full.set()

    def submit(self, row: GuessRow) -> int:
        """Queue a row; it is committed within about ``interval`` seconds. Returns its ticket."""
        if self._closed:
            raise RuntimeError("GuessWriter is closed")
        self._queue.append(row)
        self._submitted += 1
        self._pending.set()
        if len(self._queue) >= self.batch_size:
            self._full.set()
        self.start()
        return self._submitted

    async def wait_for(self, ticket: int) -> None:
        """Return once the row with this ticket (and every row before it) is committed."""
        while self._handled < ticket:
            progress = self._progress
            await progress.wait()

    async def flush(self) -> None:
        """Return once every row submitted before the call is committed."""
        await self._drain(self._submitted)

    async def close(self, timeout: float | None = None) -> None:
        """Flush, then stop the background task; further submits raise. A database that takes
        more than ``timeout`` seconds (unreachable, locked by another process) is given up on:
        the rows not written were never shown accepted (a ✅ waits for its commit)."""
        self._closed = True
        flushed = False
        try:
            await asyncio.wait_for(self.flush(), timeout)
            flushed = True
        except TimeoutError:
            log.error("guess writer: the database did not answer within %.1fs", timeout or 0)
        finally:
            if flushed:
                async with self._lock:  # never cancel the task in the middle of a batch
                    await self._stop_task()
            else:  # the task is stuck retrying a batch: cut it off
                await self._stop_task()
            if self._queue:
                log.error("guess writer closed with %d rows not written", len(self._queue))

    async def _stop_task(self) -> None:
        await cancel_and_wait(self._task)
        self._task = None

    async def _run(self) -> None:
        while True:
            await self._pending.wait()
            if len(self._queue) < self.batch_size:
                # Not asyncio.wait_for: on Python 3.11 it loses a cancel that comes in the
                # same instant as the batch's wake, and the task runs on.
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(self.interval):
                        await self._full.wait()
            try:
                await self._drain(self._submitted)
            except Exception:  # keep the rows and the task; try again later
                log.exception("guess writer: batch failed; %d rows kept", len(self._queue))
                await asyncio.sleep(self.max_backoff)

    async def _drain(self, target: int) -> None:
        async with self._lock:
            while self._handled < target:
                size = (
                    self.backlog_batch_size
                    if len(self._queue) > self.batch_size
                    else self.batch_size
                )
                batch = list(islice(self._queue, size))
                started = time.perf_counter()
                await self._write(batch)
                self.events.publish(GuessesCommitted(batch, time.perf_counter() - started))
                for _ in batch:
                    self._queue.popleft()
                self._handled += len(batch)
                self._progress.set()
                self._progress = asyncio.Event()
            if len(self._queue) < self.batch_size:
                self._full.clear()
            if not self._queue:
                self._pending.clear()

    async def _write(self, batch: list[GuessRow]) -> None:
        """Commit ``batch``, waiting out locks; isolate rows the database will never take."""
        delay = self.initial_backoff
        while True:
            try:
                await self._storage.record_guesses(batch)
                return
            except RejectedWrite as exc:
                if len(batch) == 1:
                    log.error("guess refused by the database (%s): %r", exc, batch[0])
                    self.rejected.append(batch[0])
                    return
                for row in batch:  # one bad row must not take its batch with it
                    await self._write([row])
                return
            except TransientStorageError as exc:
                self.retries += 1
                log.warning(
                    "guess batch of %d not written (%s); retrying in %.2fs", len(batch), exc, delay
                )
                await asyncio.sleep(delay)
                delay = min(delay * 2, self.max_backoff)
