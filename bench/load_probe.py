"""bench_load's measurement inside a bot process: each committed row tied to its message.

Wrappers on the bot instance, the bot's code unchanged. A player's messages arrive in order and a
channel's guild is on one shard, so the n-th ``allow`` of a (channel, player) is that player's
n-th message; rows commit in the order submitted.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence

from load_records import Key, Taken, Word

from bot.rounds.events import GuessesCommitted
from bot.rounds.model import GuessRow
from bot.services import Services
from core.round import Verdict


class Clock:
    """Wall time plus an offset, so the bench can end every round at once, or move to a world
    round's instants (``move_to``: the scheduler is told, as ``MovableClock`` says)."""

    def __init__(self) -> None:
        self.offset = 0.0
        self.watchers: list[Callable[[], None]] = []

    def __call__(self) -> float:
        return time.time() + self.offset

    def watch(self, moved: Callable[[], None]) -> Callable[[], None]:
        self.watchers.append(moved)
        return lambda: self.watchers.remove(moved)

    def move_to(self, instant: float) -> None:
        self.offset = instant - time.time()
        for moved in list(self.watchers):
            moved()


class Probe:
    """Ties every committed guess row to the message it came from, without changing the bot."""

    def __init__(self) -> None:
        self.seen: Counter[Key] = Counter()
        self.current: tuple[Key, int] | None = None
        self.rows: deque[tuple[Key, int, float, Taken]] = deque()
        self.phase = Taken("setup")
        self.committed_accepted: set[Word] = set()
        self._gc_started = 0.0
        gc.callbacks.append(self._gc)

    def attach(self, services: Services) -> None:
        limiter = services.rounds.limiter
        limiter_allow = limiter.allow
        submit = services.writer.submit
        record_guesses = services.storage.record_guesses

        def allow(key: Key, cost: float = 1.0) -> bool:
            ok = limiter_allow(key, cost)
            index = self.seen[key]
            self.seen[key] = index + 1
            self.current = (key, index) if ok else None
            if ok:
                self.phase.admitted += 1
            else:
                self.phase.dropped += 1
            return ok

        def submit_row(row: GuessRow) -> int:
            assert self.current is not None, "a guess that did not pass the limiter"
            self.rows.append((*self.current, time.perf_counter(), self.phase))
            return submit(row)  # the ticket the ✅ waits for

        async def record(rows: Sequence[GuessRow]) -> None:
            started = time.perf_counter()
            await record_guesses(rows)
            self.phase.batches.append(len(rows))
            self.phase.batch_ms.append(1000 * (time.perf_counter() - started))

        # The wrappers replace the instance's methods; the limiter's keys are any hashable, the
        # bot's (and so these) are (channel, player).
        limiter.allow = allow  # type: ignore[method-assign, assignment]
        services.writer.submit = submit_row  # type: ignore[method-assign]
        services.storage.record_guesses = record  # type: ignore[method-assign]
        services.events.subscribe(GuessesCommitted, lambda e: self.on_commit(e.rows))

    def on_commit(self, batch: Sequence[GuessRow]) -> None:
        now = time.perf_counter()
        for row in batch:
            key, index, judged, phase = self.rows.popleft()
            phase.rows += 1
            phase.verdicts[str(row.verdict)] += 1
            phase.commits.append((key, index, judged, now))
            phase.last_commit = now
            if row.verdict == Verdict.ACCEPTED:
                self.committed_accepted.add((row.round_id, row.player_id, row.word))
                phase.accepted.append((key, index, row.word))

    def _gc(self, stage: str, info: dict[str, int]) -> None:
        """Times every garbage collection: while it runs, the event loop stands still."""
        if stage == "start":
            self._gc_started = time.perf_counter()
        else:
            elapsed = 1000 * (time.perf_counter() - self._gc_started)
            self.phase.gc_ms[info["generation"]].append(elapsed)

    async def watch_loop(self, services: Services, every: float = 0.002) -> None:
        """Records how late a short sleep wakes up (the event loop's stalls) and the writer's queue."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(every)
            late = 1000 * (time.perf_counter() - before - every)
            if late > 5:
                self.phase.stalls_ms.append(late)
            self.phase.max_pending = max(self.phase.max_pending, services.writer.pending)
