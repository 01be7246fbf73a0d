"""The server's standings on the page, in real Chromium, on a stopped clock (10 March 2026).

The expected points are worked out by hand below from the rounds stored.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from core.lexicon import Lexicon
from core.scoring import word_score
from standin import StandIn
from tests.bot.discord.test_seasons import at, play
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Harness, StoppedClock, bot_session
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import WEB, page_url
from tests.bot.web.test_page_achievements import word_of
from tests.bot.web.test_page_play import on_first_screen, shots_folder, verdict


@pytest.fixture
async def march(standin: StandIn, database: Path, lexicon: Lexicon) -> AsyncIterator[Harness]:
    """The bot on 10 March 2026, noon (UTC, the server's zone); the clock stopped there (no
    season ends meanwhile)."""
    clock = StoppedClock(at(2026, 3, 10, 12))
    async with bot_session(standin, database, clock, lexicon, web=WEB) as harness:
        yield harness


async def rows(page: Page, board: str) -> list[str]:
    """A board's lines as shown: "1. Alice (you) | 9 pts"."""
    return list(
        await page.locator(f"#{board}-rows li").evaluate_all(
            "items => items.map(i => [...i.children].map(c => c.textContent).join(' | '))"
        )
    )


async def shown(page: Page, board: str, expected: list[str]) -> None:
    """The board shows exactly ``expected`` (once the answer is in: no "…")."""
    await expect(page.locator(f"#{board}-rows li")).to_have_count(len(expected))
    await expect(page.locator(f"#{board}-rows")).not_to_contain_text("…")
    assert await rows(page, board) == expected


async def reopen(page: Page) -> None:
    await page.locator("#standings-close").click()
    await expect(page.locator("#standings")).to_be_hidden()
    await page.locator("#standings-open").click()
    await expect(page.locator("#standings")).to_be_visible()


async def test_season_beside_all_time(march: Harness, tmp_path: Path) -> None:
    game, standin = march, march.standin
    await standin.add_member("bob", "Bob")
    await standin.add_member("carol", "Carol")
    # Every word of a stored round counts (casual): 3-4 letters 1 point, 5: 2, 6: 3, 7: 5, 8+: 11.
    await play(game, {"carol": ["elephants", "planets"]}, at(2025, 12, 20))  # carol 11 + 5 = 16
    await play(
        game, {"bob": ["rent", "elephants"], "alice": ["cat", "dog", "stone"]}, at(2026, 2, 5)
    )
    # bob 1 + 11 = 12, alice 1 + 1 + 2 = 4
    await play(game, {"alice": ["quartz", "stones", "cats"], "carol": ["lime"]}, at(2026, 3, 3))
    # alice 3 + 3 + 1 = 7, carol 1
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(game), "alice", (360, 640), touch=True)
        await expect(alice.locator("#start")).to_be_visible()
        # From the lobby: March (alice 7, carol 1) beside all time (carol 17, bob 12, alice 11).
        await alice.locator("#standings-open").click()
        await expect(alice.locator("#season-tab")).to_have_text("Season 2026-03")
        await expect(alice.locator("#season-tab")).to_have_attribute("aria-selected", "true")
        await shown(alice, "season", ["1. Alice (you) | 7 pts", "2. Carol | 1 pt"])
        await expect(alice.locator("#all-col")).to_be_hidden()  # a phone: one board at a time
        await alice.locator("#all-tab").click()
        await expect(alice.locator("#season-col")).to_be_hidden()
        await shown(
            alice, "all", ["1. Carol | 17 pts", "2. Bob | 12 pts", "3. Alice (you) | 11 pts"]
        )
        await alice.locator("#standings-close").click()

        # A round on the page: a 5-letter word, alone: its points are hers.
        await alice.locator("#start").click()
        await expect(alice.locator("#app")).to_have_attribute("data-view", "play")
        word, path = word_of(game, 5)
        points = word_score(word, 3)
        assert points == 2
        await drag(alice, path)
        assert await verdict(alice, word) == "accepted"
        await game.end_round()
        await expect(alice.locator("#results")).to_be_visible()
        await on_first_screen(alice, "#standings-open")
        await alice.locator("#standings-open").click()
        # March: alice 7 + 2 = 9, carol 1. All time: carol 17, alice 11 + 2 = 13, bob 12.
        await shown(
            alice, "all", ["1. Carol | 17 pts", "2. Alice (you) | 13 pts", "3. Bob | 12 pts"]
        )
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-standings-phone.png"))
        await alice.locator("#season-tab").click()
        await shown(alice, "season", ["1. Alice (you) | 9 pts", "2. Carol | 1 pt"])

        # A desktop: both side by side, no tabs; bob played no round in March.
        bob = await open_as(browser, standin, page_url(game), "bob", (1280, 720))
        await expect(bob.locator("#results")).to_be_visible()
        await bob.locator("#standings-open").click()
        await shown(bob, "season", ["1. Alice | 9 pts", "2. Carol | 1 pt"])
        await shown(bob, "all", ["1. Carol | 17 pts", "2. Alice | 13 pts", "3. Bob (you) | 12 pts"])
        await expect(bob.locator("#tabs")).to_be_hidden()
        await expect(bob.locator("#season-note")).to_have_text(
            "You are not on this leaderboard yet."
        )
        await expect(bob.locator("#all-note")).to_be_hidden()
        season = await bob.locator("#season-col").bounding_box()
        all_time = await bob.locator("#all-col").bounding_box()
        assert season is not None and all_time is not None
        assert season["x"] + season["width"] <= all_time["x"] and season["y"] == all_time["y"]
        await bob.screenshot(path=str(shots_folder(tmp_path) / "activity-standings-desktop.png"))

        # A quarter: January to March, alice 4 + 7 + 2 = 13, bob 12, carol 1.
        await config(game, "season", length="quarter")
        await reopen(alice)
        await expect(alice.locator("#season-tab")).to_have_text("Season 2026-Q1")
        await shown(
            alice, "season", ["1. Alice (you) | 13 pts", "2. Bob | 12 pts", "3. Carol | 1 pt"]
        )

        # Seasons off: all time alone.
        await config(game, "season", length="off")
        await reopen(alice)
        await shown(
            alice, "all", ["1. Carol | 17 pts", "2. Alice (you) | 13 pts", "3. Bob | 12 pts"]
        )
        await expect(alice.locator("#tabs")).to_be_hidden()
        await expect(alice.locator("#season-col")).to_be_hidden()
        await alice.locator("#standings-close").click()
        await expect(alice.locator("#results")).to_be_visible()
