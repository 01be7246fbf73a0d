"""The page keeps playing through a dropped socket and through a restart of the bot."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from playwright.async_api import expect

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, bot_session
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import WEB


async def test_socket_dropped_then_bot_restarted(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with chromium() as browser:
        async with bot_session(standin, database, clock, lexicon, web=WEB) as first:
            assert first.app.web is not None
            port, url = first.app.web.port, first.app.web.url
            live, _ = await first.start_round()
            words = sorted(live.game.solution.items(), key=lambda x: (-len(x[0]), x[0]))[:3]
            page = await open_as(browser, standin, url, "alice")
            await drag(page, list(words[0][1]))
            await expect(page.locator("#mine li")).to_have_count(1, timeout=15_000)
            for ws in list(first.app.web._sockets):  # the connection drops mid-round
                await ws.close(code=1011)
            await drag(page, list(words[1][1]))
            await expect(page.locator("#mine li")).to_have_count(2, timeout=15_000)
        web = dataclasses.replace(WEB, port=port)
        async with bot_session(standin, database, clock, lexicon, web=web) as second:
            await expect(page.locator("#players li")).to_have_count(1, timeout=15_000)
            await drag(page, list(words[2][1]))
            await expect(page.locator("#verdict")).to_have_attribute(
                "data-word", words[2][0], timeout=15_000
            )
            await expect(page.locator("#mine li")).to_have_count(3)
            await second.end_round()
            await expect(page.locator("#ranking > li")).to_have_count(1, timeout=15_000)
            rows = second.query("SELECT word FROM guesses WHERE verdict = 'accepted'")
            assert sorted(r[0] for r in rows) == sorted(w for w, _ in words)
