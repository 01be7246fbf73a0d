"""The path real players take: the page inside Discord's frame, through the Embedded App SDK's
real ``DiscordSDK`` (handshake, AUTHORIZE, the code exchange, AUTHENTICATE), not its mock; and
each way it can be refused, read as the page's sentence."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Frame, expect

from bot.i18n.catalogue import text
from core.lexicon import Lexicon
from standin import StandIn
from standin.testing import FAKE_TOKEN
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.web.browser import chromium, tap
from tests.bot.web.conftest import WEB, page_url
from tests.bot.web.discord_frame import (
    LOOPBACK_ALLOWED,
    SDK_VERSION,
    DiscordClient,
    activity_query,
    open_in_discord,
)
from tests.bot.web.test_page_play import verdict


@pytest.fixture
async def discord_game(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> AsyncIterator[Harness]:
    """The bot as in production: with a token, so the page is not told to mock Discord."""
    async with bot_session(standin, database, clock, lexicon, web=WEB, token=FAKE_TOKEN) as h:
        yield h


async def refused(frame: Frame, key: str) -> None:
    """The page's sentence for ``key``, whole, and no board."""
    await expect(frame.locator("#closed-text")).to_have_text(text(f"web.{key}"))
    await expect(frame.locator("#board")).to_be_hidden()


async def test_a_word_played_through_discord_s_frame(discord_game: Harness, tmp_path: Path) -> None:
    live, _ = await discord_game.start_round()
    found = sorted(live.game.solution.items(), key=lambda x: (-len(x[0]), x[0]))
    (typed, _), (tapped, tapped_path) = found[:2]
    standin = discord_game.standin
    client = DiscordClient(standin, "alice")
    async with chromium(LOOPBACK_ALLOWED) as browser:
        query = activity_query(standin, "alice", "boggle")
        page, frame = await open_in_discord(browser, client, page_url(discord_game), query)
        await expect(frame.locator('[role="gridcell"]').first).to_be_visible()
        await expect(frame.locator("#status")).to_have_text(standin.user("alice").display_name)
        await frame.locator("#type").fill(typed)
        await frame.locator("#type").press("Enter")
        assert await verdict(frame, typed) == "accepted"
        await tap(frame, list(tapped_path))
        assert await verdict(frame, tapped) == "accepted"
        await expect(frame.locator("#mine li")).to_have_count(2)
        await page.screenshot(path=tmp_path / "in-discord.png")
    # The SDK's real handshake, then the sign-in's two commands, in this order.
    assert client.handshakes == [
        {
            "v": 1,
            "encoding": "json",
            "client_id": str(standin.world.application_id),
            "frame_id": query["frame_id"],
            "sdk_version": SDK_VERSION,
        }
    ]
    assert client.commands == ["AUTHORIZE", "AUTHENTICATE"]
    rows = discord_game.query("SELECT word FROM guesses WHERE verdict = 'accepted' ORDER BY id")
    assert rows == [(typed,), (tapped,)]


async def test_refusals_in_discord_s_frame(discord_game: Harness) -> None:
    standin = discord_game.standin
    for name in ("bob", "carol", "dan"):
        await standin.add_member(name, name.capitalize())
    await discord_game.start_round()
    url = page_url(discord_game)
    async with chromium(LOOPBACK_ALLOWED) as browser:
        # Bob presses Cancel on the authorize prompt: Discord answers AUTHORIZE with its
        # OAuth2 error, and no code is issued.
        bob = DiscordClient(standin, "bob", deny=True)
        codes = len(standin.activities.codes)
        _, frame = await open_in_discord(
            browser, bob, url, activity_query(standin, "bob", "boggle")
        )
        await refused(frame, "sign_in_failed")
        assert bob.commands == ["AUTHORIZE"]
        assert len(standin.activities.codes) == codes

        # Carol's token is revoked between the exchange and AUTHENTICATE: Discord's API refuses
        # it, and so does the client.
        carol = DiscordClient(standin, "carol", before_authenticate=standin.activities.revoke_all)
        query = activity_query(standin, "carol", "boggle")
        _, frame = await open_in_discord(browser, carol, url, query)
        await refused(frame, "sign_in_failed")
        assert carol.commands == ["AUTHORIZE", "AUTHENTICATE"]

        # Dan signs in, but has left the channel's Activity before the page said hello: the bot
        # refuses the socket (4003).
        query = activity_query(standin, "dan", "boggle")
        standin.activities.leave(query["instance_id"], standin.user("dan").id)
        dan = DiscordClient(standin, "dan")
        _, frame = await open_in_discord(browser, dan, url, query)
        await refused(frame, "not_in_instance")
        assert dan.commands == ["AUTHORIZE", "AUTHENTICATE"]
    assert discord_game.query("SELECT count(*) FROM guesses") == [(0,)]
