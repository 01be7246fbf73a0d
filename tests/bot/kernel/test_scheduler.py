"""The scheduler on a clock the test moves: jobs run in the order they come due, a sooner job
wakes it, a job that came due while it was stopped runs at its start, a failing job is retried
without stopping the others, and it stops cleanly, also in the middle of a run."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.kernel.backoff import Backoff
from bot.kernel.scheduler import Scheduler, Step
from tests.bot.harness import StoppedClock

T0 = 1_000_000.0


class Log:
    """What ran, in order, with an event a test waits on until ``count`` runs are in."""

    def __init__(self) -> None:
        self.ran: list[str] = []
        self._more = asyncio.Event()

    def step(self, name: str, following: Callable[[], float | None] = lambda: None) -> Step:
        async def run() -> float | None:
            self.ran.append(name)
            self._more.set()
            return following()

        return run

    async def until(self, count: int) -> list[str]:
        async with asyncio.timeout(2):
            while len(self.ran) < count:
                self._more.clear()
                await self._more.wait()
        return self.ran


async def settled() -> None:
    """Let every task that can move move (the scheduler sees what the test just did)."""
    for _ in range(20):
        await asyncio.sleep(0)


async def test_jobs_run_in_the_order_they_come_due() -> None:
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock)
    scheduler.start()
    for name, instant in (("c", 30.0), ("a", 10.0), ("b", 20.0)):
        scheduler.at(name, T0 + instant, log.step(name))
    await settled()
    assert log.ran == []
    clock.advance(15)
    assert await log.until(1) == ["a"]
    clock.advance(100)  # b and c both due: the earlier first
    assert await log.until(3) == ["a", "b", "c"]
    await scheduler.close()


async def test_a_step_says_its_next_instant() -> None:
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock)
    scheduler.start()
    scheduler.at("tick", T0, log.step("tick", lambda: clock() + 60))
    await log.until(1)
    await settled()
    assert scheduler.when("tick") == T0 + 60
    clock.advance(59)
    await settled()
    assert log.ran == ["tick"]
    clock.advance(1)
    assert await log.until(2) == ["tick", "tick"]
    await scheduler.close()


async def test_a_sooner_job_wakes_the_sleeping_scheduler() -> None:
    """On a wall clock: the scheduler sleeps an hour for the first job; one due at once runs
    within moments, not after the hour."""
    log = Log()
    scheduler = Scheduler(lambda: T0 + asyncio.get_running_loop().time())
    scheduler.start()
    now = scheduler.clock()
    scheduler.at("later", now + 3600, log.step("later"))
    await settled()
    scheduler.at("soon", now + 0.05, log.step("soon"))
    assert await log.until(1) == ["soon"]
    assert scheduler.when("later") == now + 3600
    await scheduler.close()


async def test_a_job_due_while_stopped_runs_at_start() -> None:
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock)
    scheduler.at("missed", T0 - 3 * 86400, log.step("missed"))  # due days before the start
    scheduler.at("later", T0 + 60, log.step("later"))
    await settled()
    assert log.ran == []  # nothing runs before the start
    scheduler.start()
    assert await log.until(1) == ["missed"]
    await settled()
    assert log.ran == ["missed"]
    await scheduler.close()


async def test_a_failing_job_is_retried_and_stops_no_other() -> None:
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock, Backoff(first=10.0, most=20.0))
    tries: list[float] = []

    async def broken() -> float | None:
        tries.append(clock())
        if len(tries) < 4:
            raise OSError("the database is away")
        return await log.step("broken")()

    scheduler.start()
    scheduler.at("broken", T0, broken)
    scheduler.at("fine", T0 + 1, log.step("fine"))
    await settled()
    assert tries == [T0]
    assert scheduler.when("broken") == T0 + 10  # the first pause
    clock.advance(1)
    assert await log.until(1) == ["fine"]
    clock.advance(9)
    await settled()
    assert scheduler.when("broken") == T0 + 10 + 20  # doubled
    clock.advance(20)
    await settled()
    assert scheduler.when("broken") == T0 + 30 + 20  # at most ``most``
    clock.advance(20)
    assert await log.until(2) == ["fine", "broken"]
    assert tries == [T0, T0 + 10, T0 + 30, T0 + 50]
    await settled()
    assert scheduler.when("broken") is None  # done
    await scheduler.close()


async def test_a_job_set_again_while_it_runs_runs_again() -> None:
    clock = StoppedClock(T0)
    scheduler = Scheduler(clock)
    inside, release, runs = asyncio.Event(), asyncio.Event(), []

    async def slow() -> float | None:
        runs.append(clock())
        inside.set()
        await release.wait()
        return None  # done, as far as this run knows

    scheduler.start()
    scheduler.at("slow", T0, slow)
    await inside.wait()
    scheduler.at("slow", T0, slow)  # something changed meanwhile
    inside.clear()
    release.set()
    async with asyncio.timeout(2):
        await inside.wait()
    assert runs == [T0, T0]
    await scheduler.close()


async def test_close_stops_the_loop_and_a_run_under_way() -> None:
    clock = StoppedClock(T0)
    scheduler = Scheduler(clock)
    inside, stopped = asyncio.Event(), asyncio.Event()

    async def endless() -> float | None:
        inside.set()
        try:
            await asyncio.Event().wait()
        finally:
            stopped.set()
        return None

    scheduler.start()
    scheduler.at("endless", T0, endless)
    scheduler.at("later", T0 + 3600, endless)
    await inside.wait()
    async with asyncio.timeout(2):
        await scheduler.close()
    assert stopped.is_set()
    assert scheduler.when("later") is None
    assert not [t for t in asyncio.all_tasks() if t.get_name() in ("scheduler", "job endless")]
    clock.advance(7200)  # a moved clock wakes nothing once closed
    await settled()


async def test_a_clock_set_back_runs_again_what_looks() -> None:
    """A pass over what ended computed its next instant on the later clock: it runs again at
    once; a deadline stays where it is."""
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock)
    scheduler.at("pass", T0, log.step("pass", lambda: clock() + 86400), looks=True)
    scheduler.at("deadline", T0 + 60, log.step("deadline"))
    scheduler.start()
    assert await log.until(1) == ["pass"]
    clock.now = T0 - 30 * 86400
    assert await log.until(2) == ["pass", "pass"]
    await settled()
    assert scheduler.when("pass") == T0 - 29 * 86400
    assert scheduler.when("deadline") == T0 + 60
    await scheduler.close()


async def test_a_step_raising_a_stray_cancel_is_retried_like_a_failure() -> None:
    """A step whose own await is cancelled (not the run: the scheduler is not closing) is a
    failure: the job is retried, never left stuck with no instant."""
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock, Backoff(first=5.0, most=60.0))
    retried, calls = log.step("retried"), 0

    async def flaky() -> float | None:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise asyncio.CancelledError  # as a future cancelled under the step would
        return await retried()

    scheduler.at("flaky", T0, flaky)
    scheduler.start()
    await settled()
    assert calls == 1 and scheduler.when("flaky") == T0 + 5.0
    clock.advance(5)
    assert await log.until(1) == ["retried"]
    await scheduler.close()


async def test_earliest_keeps_a_sooner_instant_and_failures_are_kept() -> None:
    clock, log = StoppedClock(T0), Log()
    scheduler = Scheduler(clock)
    scheduler.at("t", T0 + 10, log.step("t"))
    scheduler.at("t", T0 + 60, log.step("t"), earliest=True)  # a later look: 10 s stays
    assert scheduler.when("t") == T0 + 10
    scheduler.at("t", T0 + 5, log.step("t"), earliest=True)  # sooner: taken
    assert scheduler.when("t") == T0 + 5
    scheduler.at("t", T0 + 60, log.step("t"))  # without earliest: replaced
    assert scheduler.when("t") == T0 + 60
    await scheduler.close()


async def test_a_failing_job_set_again_keeps_growing_its_backoff() -> None:
    clock = StoppedClock(T0)
    scheduler = Scheduler(clock, Backoff(first=5.0, most=60.0))
    failed = asyncio.Event()

    async def broken() -> float | None:
        failed.set()
        raise RuntimeError("down")

    scheduler.at("b", T0, broken)
    scheduler.start()
    async with asyncio.timeout(2):
        await failed.wait()
    await settled()
    assert scheduler.when("b") == T0 + 5.0  # the first pause
    scheduler.at("b", T0, broken)  # planned again at once (a use case, a look)
    failed.clear()
    async with asyncio.timeout(2):
        await failed.wait()
    await settled()
    assert scheduler.when("b") == T0 + 10.0  # the second pause, not the first again
    await scheduler.close()
