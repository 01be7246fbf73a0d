"""What the service tests share: the round service over the project's real storage (the
``storage`` fixture: SQLite in a temporary folder, PostgreSQL where one is set), the round's
channel view listening to it over the in-memory publisher, and a clock that moves only when
told."""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.kernel.backoff import Backoff
from bot.kernel.lexicons import Lexicons
from bot.kernel.outbox import Outbox
from bot.kernel.scheduler import Scheduler
from bot.rounds.discord.channel_view import ChannelView
from bot.rounds.events import ResultsReport
from bot.rounds.live import Guessed, LiveRound
from bot.rounds.options import RoundOptions, RoundRequest
from bot.rounds.service import LiveRounds, RoundService
from bot.rounds.writer import GuessWriter
from bot.stores import Storage
from core.board import Board
from core.lexicon import Lexicon
from core.round import Mode
from tests.bot.harness import StoppedClock
from tests.bot.rounds.memory_publisher import MemoryPublisher

NOON = datetime(2026, 6, 1, 12, 0, tzinfo=UTC).timestamp()
GUILD, CHANNEL = 10, 20
ALICE, BOB = 1, 2
NAMES = {ALICE: "alice", BOB: "bob"}
BOARD = Board.parse("cato/dogs/rent/lime")  # 462 words of en.txt, "cat" and "dog" among them
OPTIONS = RoundOptions(
    size=4, dice="4x4-new", seconds=180, mode=Mode.CLASSIC, min_length=3, board=BOARD
)
QUICK = Backoff(first=0.001, most=0.001)  # retries without waiting


@dataclass
class Rig:
    """A round service, the channel view that shows its rounds, and what they stand on;
    ``open`` builds one (again, for a restart)."""

    service: RoundService
    view: ChannelView
    publisher: MemoryPublisher
    storage: Storage
    writer: GuessWriter
    clock: StoppedClock
    scheduler: Scheduler  # runs the outbox's deliveries

    @classmethod
    def open(
        cls,
        storage: Storage,
        lexicon: Lexicon,
        clock: StoppedClock,
        *,
        ready: bool = True,
        writer: GuessWriter | None = None,
    ) -> Rig:
        """``ready=False``: the runners wait for the front end, so a test drives the feedback;
        ``writer``: one that commits only when flushed, say."""
        publisher = MemoryPublisher()
        if ready:
            publisher.ready.set()
        writer = writer or GuessWriter(storage)
        scheduler = Scheduler(clock, backoff=QUICK)
        outbox = Outbox(storage, scheduler, clock, lambda guild: True, backoff=QUICK)
        live_rounds = LiveRounds(
            storage,
            writer,
            Lexicons(loaded={"en": lexicon}),
            clock,
            tick=0.002,
            rng=random.Random(7),
            backoff=QUICK,
            members=publisher.member_names,
            outbox=outbox,
        )
        service = RoundService(live_rounds)
        view = ChannelView(service, publisher, clock)
        outbox.start()
        scheduler.start()
        return cls(service, view, publisher, storage, writer, clock, scheduler)

    async def start(self, **changes: Any) -> LiveRound:
        """Alice starts a round on ``BOARD`` (``changes`` to ``OPTIONS``)."""
        options = dataclasses.replace(OPTIONS, **changes)
        return await self.service.live_rounds.start(
            RoundRequest(GUILD, CHANNEL, ALICE, NAMES[ALICE], options)
        )

    def say(self, player: int, text: str) -> Guessed | None:
        """``player`` writes ``text`` in the round's channel."""
        message = self.publisher.chat(CHANNEL, player, NAMES[player])
        return self.service.live_rounds.guess(CHANNEL, player, NAMES[player], text, message)

    async def end(self) -> ResultsReport:
        """Move the clock past the deadline; the results, once posted."""
        live = self.service.running(CHANNEL)
        assert live is not None
        before = len(self.publisher.delivered)
        self.clock.advance(live.game.deadline - self.clock() + 1)
        await self.publisher.until(lambda p: len(p.delivered) > before)
        # The results are recorded as posted just after; the database is read as it is.
        async with asyncio.timeout(5):
            while (stored := await self.storage.get_round(live.id)) and not (  # noqa: ASYNC110
                stored.results_posted_at
            ):
                await asyncio.sleep(0.005)
        return self.publisher.delivered[-1].report

    async def close(self) -> None:
        """As the process does at shutdown: runners stopped, feedback drained, guesses committed."""
        await self.service.shutdown(grace=5.0)
        await self.scheduler.close()
        await self.view.feedback.drain(timeout=1.0)
        self.view.close()
        await self.writer.close()


@pytest.fixture
def clock() -> StoppedClock:
    return StoppedClock(NOON)


@pytest.fixture
async def rig(storage: Storage, lexicon: Lexicon, clock: StoppedClock) -> AsyncIterator[Rig]:
    opened = Rig.open(storage, lexicon, clock)
    yield opened
    await opened.close()
