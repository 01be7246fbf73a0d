"""One clock for time-driven work: a feature hands the scheduler a job (name, instant, step).

The loop sleeps until the earliest instant, woken early when a job is set sooner or the clock is
moved (``MovableClock``). Instants come from stored state, so a job due while the bot was down
runs at start. A step returns the next instant (None: done); one that raises is logged and run
again after a growing pause (``Backoff``). Each run is its own task: a slow step delays no other
job, and a job never runs twice at once. A job that does only what is due (``looks``) runs again
at once when the clock is set back (the tests move it by months, NTP by moments).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bot.kernel.backoff import Backoff

log = logging.getLogger(__name__)

Step = Callable[[], Awaitable[float | None]]  # the job's next instant; None: done
RETRY = Backoff(first=1.0, most=300.0)


@runtime_checkable
class MovableClock(Protocol):
    """A clock that can jump (the tests'): it tells its watchers when it does."""

    def __call__(self) -> float: ...

    def watch(self, moved: Callable[[], None]) -> Callable[[], None]:
        """Call ``moved`` after each jump; the returned call stops that."""
        ...


@dataclass
class _Job:
    step: Step
    instant: float | None  # None while it runs
    looks: bool = False
    run: asyncio.Task[None] | None = None
    again: float | None = None  # set while it ran: its next instant at the latest
    dropped: bool = False
    failures: int = 0


class Scheduler:
    """Runs each job at its instant on ``clock``, until ``close``."""

    def __init__(self, clock: Callable[[], float], backoff: Backoff = RETRY) -> None:
        self.clock = clock
        self.backoff = backoff
        self._jobs: dict[str, _Job] = {}
        self._woken = asyncio.Event()
        self._ran = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._seen = float("-inf")  # the clock at the loop's last look
        self._unwatch: Callable[[], None] | None = None

    def at(
        self, name: str, instant: float, step: Step, *, looks: bool = False, earliest: bool = False
    ) -> None:
        """Run ``step`` at ``instant`` as the job ``name``, in place of what that job was; a job
        running now runs again by ``instant`` once this run is over. ``looks``: the step may run
        early (it does only what is due), and does when the clock is set back. ``earliest``: a
        job already waiting keeps its instant when that is sooner. A failing job's count of
        failures is kept (its backoff goes on growing)."""
        job = self._jobs.get(name)
        if job is not None and job.run is not None:
            job.step, job.dropped, job.looks = step, False, looks
            job.again = instant if job.again is None else min(job.again, instant)
        elif job is not None:
            if earliest and job.instant is not None:
                instant = min(instant, job.instant)
            job.step, job.instant, job.looks = step, instant, looks
        else:
            self._jobs[name] = _Job(step, instant, looks)
        self._woken.set()

    def cancel(self, name: str) -> None:
        """Forget the job ``name`` (a run under way ends as it would, and is not followed)."""
        job = self._jobs.get(name)
        if job is not None and job.run is not None:
            job.dropped, job.again = True, None
        else:
            self._jobs.pop(name, None)

    def when(self, name: str) -> float | None:
        """The job's next instant (None: no such job, or it is running)."""
        job = self._jobs.get(name)
        return job.instant if job is not None else None

    async def caught_up(self) -> None:
        """Return once no job is due on the clock or running: what came due is done."""
        while any(
            j.run is not None or (j.instant is not None and j.instant <= self.clock())
            for j in self._jobs.values()
        ):
            self._ran.clear()
            await self._ran.wait()

    def start(self) -> None:
        if self._task is None:
            if isinstance(self.clock, MovableClock):
                self._unwatch = self.clock.watch(self._woken.set)
            self._task = asyncio.get_running_loop().create_task(self._loop(), name="scheduler")
            self._task.add_done_callback(_loop_ended)

    async def close(self) -> None:
        """Stop the loop and every run under way (their jobs are computed again at the next
        start, from what is stored)."""
        if self._unwatch is not None:
            self._unwatch()
            self._unwatch = None
        tasks = [t for t in (self._task, *(j.run for j in self._jobs.values())) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._task = None
        self._jobs.clear()

    async def _loop(self) -> None:
        while True:
            self._woken.clear()
            now = self.clock()
            if now < self._seen:  # set back: what looks computed its instant on a later clock
                for job in self._jobs.values():
                    if job.looks and job.instant is not None:
                        job.instant = min(job.instant, now)
                    elif job.looks and not job.dropped:  # running: it may have read the clock
                        job.again = now if job.again is None else min(job.again, now)
            self._seen = now
            due = sorted(
                (job.instant, name)
                for name, job in self._jobs.items()
                if job.instant is not None and job.instant <= now
            )
            for _, name in due:
                job = self._jobs[name]
                job.instant = None
                job.run = asyncio.create_task(self._run(name, job), name=f"job {name}")
            waiting = [j.instant for j in self._jobs.values() if j.instant is not None]
            delay = max(0.0, min(waiting) - self.clock()) if waiting else None
            # Not asyncio.wait_for: on Python 3.11 a wake in the same instant as ``close``'s
            # cancel returns normally and the cancel is lost.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._woken.wait()

    async def _run(self, name: str, job: _Job) -> None:
        try:
            following = await job.step()
            job.failures = 0
        except (Exception, asyncio.CancelledError) as exc:
            task = asyncio.current_task()
            if isinstance(exc, asyncio.CancelledError) and task is not None and task.cancelling():
                raise  # this run was cancelled (``close``): not the step's failure
            pause = self.backoff.delay(job.failures)
            job.failures += 1
            log.exception("%s failed; trying again in %.1f s", name, pause)
            following = self.clock() + pause
        job.run = None
        if job.again is not None:
            following = job.again if following is None else min(following, job.again)
            job.again = None
        if job.dropped or following is None:
            if self._jobs.get(name) is job:
                del self._jobs[name]
        else:
            job.instant = following
        self._woken.set()
        self._ran.set()


def _loop_ended(task: asyncio.Task[None]) -> None:
    """The loop ends only when closed: anything else stops every job, and says so."""
    if not task.cancelled() and task.exception() is not None:
        log.critical("the scheduler stopped: no time-driven job runs", exc_info=task.exception())
