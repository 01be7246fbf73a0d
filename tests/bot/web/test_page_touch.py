"""The page on a touch screen, and as players read it: a finger's drag and taps (real touch
events), counts in the catalogue's plural forms ("1 word"), the clock without an emoji, and
French words as the dictionary spells them ("été"), in play and in the results."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_language_rounds import board_code, start
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.web.browser import chromium, drag, finger_drag, finger_taps, open_as
from tests.bot.web.conftest import WEB, page_url


async def test_a_finger_traces_and_counts_read_right(web_game: Harness) -> None:
    standin = web_game.standin
    await standin.add_member("carol", "Carol")
    live, _ = await web_game.start_round()
    words = sorted(live.game.solution.items(), key=lambda x: (-len(x[0]), x[0]))
    (dragged, drag_path), (tapped, tap_path), (said, _) = words[:3]
    await web_game.say("carol", said)
    async with chromium() as browser:
        page = await open_as(browser, standin, page_url(web_game), "alice", touch=True)
        assert await page.evaluate("navigator.maxTouchPoints") > 0
        await expect(page.locator('[role="gridcell"]').first).to_be_visible(timeout=5000)
        await page.evaluate(
            """() => { window.kinds = new Set();
                 document.querySelector("#board").addEventListener("pointerdown",
                   (e) => window.kinds.add(e.pointerType)); }"""
        )
        await finger_drag(page, list(drag_path))
        await expect(page.locator("#verdict")).to_have_attribute("data-word", dragged)
        await expect(page.locator("#verdict")).to_have_attribute("data-verdict", "accepted")
        await finger_taps(page, list(tap_path))
        await expect(page.locator("#verdict")).to_have_attribute("data-word", tapped)
        await expect(page.locator("#verdict")).to_have_attribute("data-verdict", "accepted")
        assert await page.evaluate("[...window.kinds]") == ["touch"]
        # Classic mode counts words, in the catalogue's forms: "1 word", "2 words".
        carol = page.locator("#players li", has_text="Carol")
        await expect(carol).to_have_text("Carol1 word")
        await expect(page.locator("#players li.you")).to_contain_text("2 words")
        # The clock: digits beside a drawn icon, no character a font may lack.
        clock = await page.locator("#clock").inner_text()
        assert all(c.isdigit() or c == ":" for c in clock.strip()), clock
        await expect(page.locator("#clock svg")).to_be_visible()


async def test_french_words_as_the_dictionary_spells_them(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> None:
    fr = lexicons["fr"]
    code = board_code("fr", fr, lambda s: any(fr.spelling(w) != w for w in s if len(w) >= 4))
    async with bot_session(
        standin, database, clock, lexicons["en"], lexicons=lexicons, web=WEB
    ) as game:
        await start(game, board=code, mode="casual", time="2m")
        live = game.live()
        accented = sorted(w for w in live.game.solution if len(w) >= 4 and fr.spelling(w) != w)
        word, spelled = accented[0], fr.spelling(accented[0])
        async with chromium() as browser:
            page = await open_as(browser, standin, page_url(game), "alice")
            await expect(page.locator('[role="gridcell"]').first).to_be_visible(timeout=5000)
            await drag(page, list(live.game.solution[word]))
            verdict = page.locator("#verdict")
            await expect(verdict).to_have_attribute("data-word", word)  # judged folded
            await expect(verdict).to_contain_text(spelled.upper())  # shown with its accents
            await expect(page.locator("#mine")).to_contain_text(spelled.upper())
            game.clock.advance(live.game.deadline - game.clock() + 1)
            await expect(page.locator("#ranking")).to_contain_text(spelled.upper(), timeout=5000)
            missed = [fr.spelling(w).upper() for w in accented[1:]]
            if missed:
                await expect(page.locator("#missed")).to_contain_text(missed[0])
