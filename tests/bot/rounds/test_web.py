"""The page's live view of a channel (``bot.rounds.web``) over the real round service and storage
(the service tests' rig: the in-memory publisher, SQLite or PostgreSQL): what a page that joins
is shown, and the results reaching it when the round ends."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.rounds.web import Hub
from bot.storage import Storage
from core.lexicon import Lexicon
from tests.bot.harness import StoppedClock
from tests.bot.rounds.conftest import ALICE, CHANNEL, Rig


class Page:
    """The hub's side of one page: what it was sent."""

    player_id = ALICE
    language = "en"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.sent]


@pytest.fixture
async def rig(storage: Storage, lexicon: Lexicon, clock: StoppedClock) -> AsyncIterator[Rig]:
    opened = Rig.open(storage, lexicon, clock)
    yield opened
    await opened.close()


async def until(check: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.01)


async def test_a_page_joining_while_the_board_is_posted_gets_the_round_once_it_is(
    rig: Rig,
) -> None:
    """It was told "no round" and never shown the round: the hub had taken the round being
    posted for one already shown."""
    gate = rig.publisher.hold("post_board")
    starting = asyncio.create_task(rig.start())
    await until(lambda: rig.service.running(CHANNEL) is not None)
    hub = Hub(rig.service, rig.storage, rig.clock, poll=0.01)
    page = Page()
    try:
        await hub.join(CHANNEL, page)
        assert page.kinds() == ["no_round"]
        gate.set()  # the board is out
        live = await starting
        await until(lambda: "round" in page.kinds())
        assert page.sent[-1]["round_id"] == live.id
    finally:
        await hub.close()


async def test_the_results_reach_the_page_after_a_failed_look(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database failing once while the hub scores the ended round: the next look scores it
    again (it had forgotten the round first, and no page ever got the results)."""
    await rig.start()
    hub = Hub(rig.service, rig.storage, rig.clock, poll=3600)  # it looks when poked
    page = Page()
    score = rig.service.settler.score
    failures: list[Exception] = []

    async def flaky(*args: Any) -> Any:
        if failures:
            raise failures.pop()
        return await score(*args)

    monkeypatch.setattr(rig.service.settler, "score", flaky)
    try:
        await hub.join(CHANNEL, page)
        assert page.kinds() == ["round"]
        await rig.end()
        failures.append(ConnectionError("the database, once"))
        hub.changed(CHANNEL)
        await until(lambda: not failures)
        await asyncio.sleep(0.05)
        assert "results" not in page.kinds()
        hub.changed(CHANNEL)  # the next look
        await until(lambda: "results" in page.kinds())
    finally:
        await hub.close()
