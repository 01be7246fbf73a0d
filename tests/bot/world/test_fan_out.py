"""The world round within Discord's global limit, on a stopped clock: world channels counted by
language at each slot's opening; more than a round's fan-out allows at the bot's rate stretch the
rhythm (a round every other slot), the same on two processes, said once; fewer bring it back."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager, AsyncExitStack
from pathlib import Path

import pytest

from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.world.events import WorldRoundClosed, WorldRoundOpened
from bot.world.model import BOARD_POST, RESULTS_POST, WorldChannel, WorldPlay
from bot.world.service import CLOSE_GRACE, WorldService
from core.lexicon import Lexicon
from core.solver import solve
from tests.bot.harness import StoppedClock
from tests.bot.world.test_service import NUMBER, RHYTHM, T0, Sent
from tests.bot.world.test_service import process as world_process
from tests.stores import ENGINES, postgres_target

RATE = 1.0  # a request a second, bot-wide: 100 channels need 100 s, more than 60 s of results


def process(
    target: str, clock: StoppedClock, lexicon: Lexicon, owns: Callable[[int], bool]
) -> AbstractAsyncContextManager[tuple[WorldService, Sent, Scheduler]]:
    """A bot process's world round at ``RATE``."""
    return world_process(target, clock, lexicon, owns, RATE)


def boards(sent: Sent, number: int) -> int:
    return sum(1 for _, kind, n in sent.posts if (kind, n) == (BOARD_POST, number))


@pytest.mark.parametrize("engine", ENGINES)
async def test_too_many_world_channels_stretch_the_rhythm_on_every_process(
    engine: str, tmp_path: Path, lexicon: Lexicon, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, "bot.world.service")
    clock = StoppedClock(T0 - 30)
    async with AsyncExitStack() as stack:
        if engine == "sqlite":
            target = str(tmp_path / "w.db")
        else:
            target = (await stack.enter_async_context(postgres_target())).target
        a, sent_a, jobs_a = await stack.enter_async_context(
            process(target, clock, lexicon, lambda g: g % 2 == 0)
        )
        assert a.stride == 1 and a.counts == {}  # slot NUMBER - 1: no channel yet
        for guild in range(1, 101):
            language = "en" if guild <= 70 else "fr"
            await a.store.set_world_channel(WorldChannel(guild, 1000 + guild, language), T0 - 60)

        clock.now = T0 + 1  # slot NUMBER (even): a round, every other slot from now
        await jobs_a.caught_up()
        assert a.counts == {"en": 70, "fr": 30}
        assert (a.stride, a.every) == (2, 360)
        assert a.fan_out is not None and a.fan_out.seconds == 100
        assert boards(sent_a, NUMBER) == 50  # its own (even) servers' channels
        assert isinstance(await a.play(7, "Ann", "en", 2, 1002), WorldPlay)

        # A process started now, and a channel set after the opening, change nothing here.
        await a.set_channel(WorldChannel(101, 1101, "en"))
        b, sent_b, jobs_b = await stack.enter_async_context(
            process(target, clock, lexicon, lambda g: g % 2 == 1)
        )
        await jobs_b.caught_up()
        assert b.counts == {"en": 70, "fr": 30} and b.stride == 2
        assert b.open_number() == a.open_number() == NUMBER

        clock.now = T0 + 180 + 1  # slot NUMBER + 1: no round in it
        for jobs in (jobs_a, jobs_b):
            await jobs.caught_up()
        assert sent_a.posts[-1][1:] == (RESULTS_POST, NUMBER)  # the results went, no board
        assert boards(sent_a, NUMBER + 1) == boards(sent_b, NUMBER + 1) == 0
        for world in (a, b):
            assert world.open_number() is None
            between = await world.play(8, "Bo", "en", 1, 1001)
            assert isinstance(between, Refusal) and between.key == "world_round.between"
            assert between.reason.fields == {"opens": f"<t:{int(T0 + 360)}:R>"}

        clock.now = T0 + 360 + 1  # slot NUMBER + 2: the next round, its boards everywhere
        for jobs in (jobs_a, jobs_b):
            await jobs.caught_up()
        assert (boards(sent_a, NUMBER + 2), boards(sent_b, NUMBER + 2)) == (50, 51)
        assert a.counts == b.counts == {"en": 71, "fr": 30}
        stretched = [r for r in caplog.records if "world rounds stretched" in r.getMessage()]
        assert len(stretched) == 2  # once by each process, not once a slot
        assert "100 world channels" in stretched[0].getMessage()
        assert "en 70, fr 30" in stretched[0].getMessage()

        for guild in range(16, 102):
            await a.clear_channel(guild)  # 15 left: their results out within 20 s
        clock.now = T0 + 540 + 1  # slot NUMBER + 3: a round again, as every slot now
        for jobs in (jobs_a, jobs_b):
            await jobs.caught_up()
        assert a.stride == b.stride == 1
        assert boards(sent_a, NUMBER + 3) + boards(sent_b, NUMBER + 3) == 15
        back = [r for r in caplog.records if "within Discord's limits" in r.getMessage()]
        assert [r.levelno for r in back[-2:]] == [logging.INFO, logging.INFO]
        assert "15 world channels" in back[-1].getMessage()


async def test_a_process_sends_the_results_another_closed_before_it_looked(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(T0 - 30)
    target = str(tmp_path / "w.db")
    async with (
        process(target, clock, lexicon, lambda g: g == 1) as (a, sent_a, jobs_a),
        process(target, clock, lexicon, lambda g: g == 2) as (b, sent_b, jobs_b),
    ):
        await a.set_channel(WorldChannel(1, 10, "en"))
        await b.set_channel(WorldChannel(2, 20, "en"))
        for instant in (T0 + 1, T0 + 119):  # the outboxes' looks for posts owed: due later
            clock.now = instant
            for jobs in (jobs_a, jobs_b):
                await jobs.caught_up()
        assert await a.close("en", NUMBER)  # a closes it before b's clock job looks
        clock.now = T0 + 120 + CLOSE_GRACE
        for jobs in (jobs_a, jobs_b):
            await jobs.caught_up()
        assert sent_b.posts == [(20, BOARD_POST, NUMBER), (20, RESULTS_POST, NUMBER)]
        assert sent_a.posts == [(10, BOARD_POST, NUMBER), (10, RESULTS_POST, NUMBER)]


async def test_a_close_is_told_once_and_before_the_next_opening(
    tmp_path: Path, lexicon: Lexicon
) -> None:
    """A page showing the world round hears round n's close once, before round n + 1 opens
    (it used to hear it again after every later tick, over the next round's board)."""
    clock = StoppedClock(T0 - 30)
    async with process(str(tmp_path / "w.db"), clock, lexicon, lambda g: True) as (
        world,
        _,
        scheduler,
    ):
        await world.store.set_world_channel(WorldChannel(1, 1001, "en"), T0 - 60)
        heard: list[tuple[str, int]] = []
        world.events.subscribe(WorldRoundClosed, lambda e: heard.append(("closed", e.number)))
        world.events.subscribe(WorldRoundOpened, lambda e: heard.append(("opened", e.number)))
        clock.now = T0 + 1
        await scheduler.caught_up()
        board = await world.board("en", NUMBER)
        word = min(solve(board.board, lexicon, 3), key=len)
        assert not isinstance(await world.guess(7, "Ann", "en", 1, 1001, word), Refusal)
        for instant in (
            RHYTHM.closes_at(NUMBER) + CLOSE_GRACE,  # round NUMBER closes
            RHYTHM.opens_at(NUMBER + 1),  # the next opens
            RHYTHM.opens_at(NUMBER + 1) + 30,  # a tick in its play
            RHYTHM.closes_at(NUMBER + 1) + CLOSE_GRACE,  # and it closes
        ):
            clock.now = instant
            await scheduler.caught_up()
        assert heard == [
            ("opened", NUMBER),
            ("closed", NUMBER),
            ("opened", NUMBER + 1),
            ("closed", NUMBER + 1),
        ]
