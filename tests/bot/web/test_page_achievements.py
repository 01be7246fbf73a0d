"""Achievements on the page, in real Chromium, on a stopped clock at noon (no night-owl or
early-bird tier): a round that earns a player's first achievements shows them under their
result, in their language, on a phone's first screen; the next round, which earns that player
nothing and a newcomer their first, shows the newcomer theirs and the veteran nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import Page, expect

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_seasons import at
from tests.bot.harness import Harness, StoppedClock, bot_session
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import WEB, page_url
from tests.bot.web.test_page_play import on_first_screen, shots_folder, verdict


@pytest.fixture
async def noon(standin: StandIn, database: Path, lexicon: Lexicon) -> AsyncIterator[Harness]:
    clock = StoppedClock(at(2026, 3, 10, 12))
    async with bot_session(standin, database, clock, lexicon, web=WEB) as harness:
        yield harness


def word_of(game: Harness, length: int, but: str = "") -> tuple[str, list[int]]:
    """A word of ``length`` letters on the board (no "qu": that is an achievement of its own)."""
    solution = game.live().game.solution
    word = min(w for w in solution if len(w) == length and "qu" not in w and w != but)
    return word, list(solution[word])


async def earned(page: Page) -> list[str]:
    """The achievements the results show, one "name: what" each."""
    items = page.locator("#earned-list li")
    return [
        f"{await item.locator('strong').inner_text()}: {await item.locator('span').inner_text()}"
        for item in await items.all()
    ]


def awarded(game: Harness, player: str) -> list[str]:
    return sorted(
        r[0]
        for r in game.query(
            "SELECT code FROM achievements WHERE user_id = ?", (game.user_id(player),)
        )
    )


async def test_a_first_round_shows_its_achievements_the_next_none(
    noon: Harness, tmp_path: Path
) -> None:
    game, standin = noon, noon.standin
    await standin.add_member("bob", "Bob")
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(game), "alice", (360, 640), touch=True)
        await expect(alice.locator("#start")).to_be_visible()
        await alice.locator("#start").click()
        await expect(alice.locator('[role="gridcell"]').first).to_be_visible()
        longest = max(len(w) for w in game.live().game.solution)
        first, path = word_of(game, 3)
        assert longest > 3  # not the board's longest word (an achievement of its own)
        await drag(alice, path)
        assert await verdict(alice, first) == "accepted"
        await game.end_round()
        await expect(alice.locator("#results")).to_be_visible()
        # Her first word, and nothing else: alone, she won nobody (a win needs a rival); one
        # word of many, 3 letters, on a 4x4 board, in a classic round, at noon.
        await expect(alice.locator("#earned-list li")).to_have_count(1)
        assert await earned(alice) == ["First word: Find a first word"]
        await expect(alice.locator("#earned-h")).to_have_text("New achievements")
        assert awarded(game, "alice") == ["first_word"]
        for shown in ("#again", "#you-line", "#earned"):
            await on_first_screen(alice, shown)
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-achievements-phone.png"))

        # A player whose Discord speaks French reads his in French.
        standin.activities.locales[game.user_id("bob")] = "fr"  # what /users/@me reports
        bob = await open_as(browser, standin, page_url(game), "bob", locale="fr-FR")
        await alice.locator("#again").click()
        for page in (alice, bob):
            await expect(page.locator("#app")).to_have_attribute("data-view", "play")
        second, second_path = word_of(game, 3)
        fifth, fifth_path = word_of(game, 5)
        await drag(alice, second_path)
        assert await verdict(alice, second) == "accepted"
        await drag(bob, fifth_path)
        assert await verdict(bob, fifth) == "accepted"
        await game.end_round()
        # Bob: his first word, and his first round won (2 points to her 1); Alice: a second
        # word, a second round, lost: nothing new. Both pages are told at once (one event).
        await expect(bob.locator("#earned-list li")).to_have_count(2)
        assert await earned(bob) == [
            "Premier mot: Trouver un premier mot",
            "Vainqueur I: Manches gagnées : 1",
        ]
        await expect(alice.locator("#results")).to_be_visible()
        # A round trip on her socket after Bob's line: anything sent her before is in.
        await alice.locator("#standings-open").click()
        await expect(alice.locator("#season-rows")).to_contain_text("Bob")
        await alice.locator("#standings-close").click()
        await expect(alice.locator("#results")).to_be_visible()
        await expect(alice.locator("#earned")).to_be_hidden()  # nor her first round's
        await expect(alice.locator("#earned-list li")).to_have_count(0)
        assert awarded(game, "alice") == ["first_word"]
        assert awarded(game, "bob") == ["first_word", "wins"]
