"""A word tapped in the results shows its path and its meaning, on a phone: the round's results
(the player's word, then a missed word in its place) and the daily's. The meaning is the
service's (``/boggle define``'s), asked for over the socket; a screenshot at phone size."""

from __future__ import annotations

import asyncio
from pathlib import Path

from playwright.async_api import Page, expect

from bot.definitions.service import DefinitionsService
from core.daily import DAILY_SECONDS
from core.definitions import Entry
from tests.bot.daily_helpers import attempt_of, words_of
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_tap import finger


async def glossed(definitions: DefinitionsService, words: list[str]) -> list[tuple[str, Entry]]:
    """Those of ``words`` with a definition (an Entry), each with it."""
    found = await definitions.define_all(words, "en")
    assert isinstance(found, dict)
    return [(w, e) for w, e in found.items() if isinstance(e, Entry)]


async def tap_word(page: Page, word: str) -> None:
    """A finger on the word's chip in the results (scrolled to, as a player scrolls): it is
    pressed and its path is drawn."""
    await page.locator(f'#results button[data-word="{word}"]').scroll_into_view_if_needed()
    await finger(page, f'#results button[data-word="{word}"]')
    await expect(page.locator(f'#results button[data-word="{word}"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    await expect(page.locator("#trace polyline")).to_have_count(1)


async def sees_meaning(page: Page, word: str, entry: Entry) -> None:
    """The meaning box shows the word and its first reading's first sense, on screen."""
    box = page.locator("#meaning")
    await expect(box).to_be_visible()
    await expect(page.locator("#meaning-word")).to_have_text(word.upper())
    first = entry.readings[0]
    await expect(page.locator("#meaning-body")).to_contain_text(first.senses[0].gloss)
    await expect(page.locator("#meaning-body li")).to_have_count(
        sum(len(r.senses) for r in entry.readings)
    )
    await expect(box).to_be_in_viewport(ratio=1)


async def test_tapping_a_word_of_the_round_shows_its_meaning(
    web_game: Harness, tmp_path: Path
) -> None:
    definitions = web_game.services.definitions
    live, _ = await web_game.start_round("alice", mode="casual", time="2m", size=5)
    candidates = sorted(live.game.solution, key=lambda w: (-len(w), w))
    (mine, mine_entry), *rest = await glossed(definitions, candidates)
    await web_game.say("alice", mine)
    await web_game.wait_for_guess("alice", mine)
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice", touch=True)
        await expect(page.locator('[role="gridcell"]').first).to_be_visible()
        await web_game.end_round()
        await expect(page.locator("#results")).to_be_visible()
        # The round's new achievements come in a message of their own, moving what is below:
        # taps wait for them (a sixth, Night owl, between midnight and 5 am, missed the fold).
        await expect(page.locator("#earned")).to_be_visible()
        await expect(page.locator("#meaning")).to_be_hidden()  # nothing tapped yet

        await tap_word(page, mine)
        await sees_meaning(page, mine, mine_entry)
        await page.screenshot(path=str(tmp_path / "define-phone.png"))

        await finger(page, "#meaning-close")  # the box, fixed at the foot, may cover the list
        await expect(page.locator("#meaning")).to_be_hidden()
        await finger(page, "#missed-h")  # a missed word in its place
        await expect(page.locator("#missed-box")).to_have_attribute("open", "")
        missed = [w for w, _ in rest if await page.locator(f'#missed [data-word="{w}"]').count()]
        word, entry = next((w, e) for w, e in rest if w == missed[0])
        await tap_word(page, word)
        await sees_meaning(page, word, entry)
        await page.screenshot(path=str(tmp_path / "define-missed-phone.png"))

        await finger(page, "#meaning-close")
        await expect(page.locator("#meaning")).to_be_hidden()


async def test_tapping_a_word_of_the_daily_result_shows_its_meaning(web_game: Harness) -> None:
    definitions = web_game.services.definitions
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice", touch=True)
        await expect(page.locator("#daily")).to_be_visible()
        await finger(page, "#daily")
        for _ in range(150):  # opened by the page, as /daily opens it
            if await web_game.services.daily.running(web_game.user_id("alice")) is not None:
                break
            await asyncio.sleep(0.1)
        board = await web_game.services.daily.board_of(await attempt_of(web_game))
        candidates = words_of(board, len(board.words))[::-1]
        word, entry = (await glossed(definitions, candidates))[0]
        web_game.clock.advance(20)  # a person reads the board first (fair play counts speed)
        await drag(page, list(board.words[word]))
        await expect(page.locator("#mine")).to_contain_text(word.upper())
        web_game.clock.advance(DAILY_SECONDS)
        await expect(page.locator("#summary")).to_be_visible()
        await tap_word(page, word)
        await sees_meaning(page, word, entry)
