"""The page's live view of a channel (``bot.rounds.web.hub``) over the real round service and storage
(the service tests' rig: the in-memory publisher, SQLite or PostgreSQL): what a page that joins
is shown, the scoreboard when anyone's word is accepted, and the results when the round ends,
each from the service's events."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.rounds.web import payloads
from bot.rounds.web.hub import CROWD, Hub
from bot.rounds.web.messages import Message
from bot.stores import Storage
from bot.web.payloads import PAGE_TOP
from core.lexicon import Lexicon
from core.solver import solve
from tests.bot.harness import StoppedClock
from tests.bot.rounds.conftest import ALICE, BOARD, BOB, CHANNEL, Rig


class Page:
    """The hub's side of one page: what it was sent."""

    def __init__(self, player_id: int = ALICE, language: str = "en") -> None:
        self.player_id = player_id
        self.language = language
        self.sent: list[dict[str, Any]] = []  # as JSON reads them

    async def send(self, message: Message) -> None:
        self.sent.append(dict(message))

    async def send_text(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def kinds(self) -> list[str]:
        return [m["type"] for m in self.sent]


@pytest.fixture
async def rig(storage: Storage, lexicon: Lexicon, clock: StoppedClock) -> AsyncIterator[Rig]:
    opened = Rig.open(storage, lexicon, clock)
    yield opened
    await opened.close()


async def until(check: Callable[[], bool], timeout: float = 5.0) -> None:
    """Until ``check()`` holds: it reads the service's and the page's state, which signal nothing."""
    async with asyncio.timeout(timeout):
        while not check():  # noqa: ASYNC110
            await asyncio.sleep(0.01)


async def test_a_page_joining_while_the_board_is_posted_gets_the_round_once_it_is(
    rig: Rig,
) -> None:
    """It was told "no round" and never shown the round: the hub had taken the round being
    posted for one already shown."""
    gate = rig.publisher.hold("post_board")
    starting = asyncio.create_task(rig.start())
    await until(lambda: rig.service.running(CHANNEL) is not None)
    hub = Hub(rig.service, rig.clock)
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


async def test_chat_words_and_the_results_reach_the_page_as_events(rig: Rig) -> None:
    """Bob's words typed in chat reach Alice's page as one scoreboard (coalesced), and the
    results the service scored reach it when the round ends: the hub reads no database and
    looks at no round by itself."""
    await rig.start()
    hub = Hub(rig.service, rig.clock, scoreboard_every=0.05)
    page = Page()
    try:
        await hub.join(CHANNEL, page)
        assert page.kinds() == ["round"]
        await asyncio.sleep(0.1)
        assert page.kinds() == ["round"]  # nothing happened: nothing sent
        for word in ("cat", "dog", "rent"):
            rig.say(BOB, word)
        await until(lambda: "scoreboard" in page.kinds())
        await asyncio.sleep(0.1)
        assert page.kinds() == ["round", "scoreboard"]
        [bob] = page.sent[-1]["scoreboard"]
        assert (bob["id"], bob["words"]) == (str(BOB), 3)
        report = await rig.end()
        await until(lambda: "results" in page.kinds())
        results = page.sent[-1]
        ranking = [(r["id"], r["points"]) for r in results["ranking"]]
        assert ranking == [(str(p.player), p.points) for p in report.results.players]
        assert [m["word"] for m in results["missed"]] == list(report.results.missed)
    finally:
        await hub.close()


async def test_a_crowd_gets_one_scoreboard_a_second_each_as_its_own(
    rig: Rig, lexicon: Lexicon
) -> None:
    """A crowd's pages (``CROWD`` of them, in two languages) hear words typed by 15 players as
    one scoreboard after ``crowd_every``, not ``scoreboard_every``; each page's message, encoded
    once for many, reads as the scoreboard built for that page alone: its own row marked in the
    top ten, or added below them."""
    await rig.start()
    hub = Hub(rig.service, rig.clock, scoreboard_every=0.01, crowd_every=0.3)
    players = range(10, 25)
    pages = [Page(10 + n, ("en", "fr")[n % 2]) for n in range(CROWD)]
    words = sorted(solve(BOARD, lexicon))
    try:
        for page in pages:
            await hub.join(CHANNEL, page)
        for n, player in enumerate(players):  # player 10 finds 15 words, player 24 one
            for word in words[: len(players) - n]:
                rig.service.live_rounds.guess(
                    CHANNEL,
                    player,
                    f"p{player}",
                    word,
                    rig.publisher.chat(CHANNEL, player, f"p{player}"),
                )
        await asyncio.sleep(0.1)  # a page of a few would have had it by now
        assert all(page.kinds() == ["round"] for page in pages)
        await until(lambda: all("scoreboard" in page.kinds() for page in pages))
        await asyncio.sleep(0.1)
        assert all(page.kinds() == ["round", "scoreboard"] for page in pages)
        shown = rig.service.view(CHANNEL)
        assert shown is not None
        for page in pages:
            rows = payloads.scoreboard(shown, shown.names, page.player_id, page.language)
            expected = {
                "type": "scoreboard",
                "scoreboard": rows,
                "players": 15,
                "deadline": shown.deadline,
                "team": payloads.team_text(shown, page.language),
            }
            assert page.sent[-1] == expected
        mine = [[r for r in page.sent[-1]["scoreboard"] if r["you"]] for page in pages]
        assert [len(m) for m in mine] == [1] * 15 + [0] * (CROWD - 15)
        assert [m[0]["rank"] for m in mine[:15]] == list(range(1, 16))
        assert len(pages[14].sent[-1]["scoreboard"]) == PAGE_TOP + 1
        assert pages[1].sent[-1]["scoreboard"][1]["shown"] == "14 mots"
    finally:
        await hub.close()
