"""The board by keyboard alone, on a 360x640 phone without scrolling."""

from __future__ import annotations

from playwright.async_api import expect

from tests.bot.harness import Harness

from .browser import chromium, open_as
from .conftest import page_url


async def test_keyboard_alone_on_a_small_phone(web_game: Harness) -> None:
    live, _ = await web_game.start_round()
    word, path = min(live.game.solution.items(), key=lambda x: (len(x[1]), x[0]))
    cols = live.game.board.cols
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice", (360, 640))
        await expect(page.locator('[role="gridcell"]')).to_have_count(live.game.board.rows * cols)
        scroll = await page.evaluate("[document.documentElement.scrollHeight, innerHeight]")
        assert scroll[0] <= scroll[1]
        await page.locator('[role="gridcell"]').first.focus()
        at = 0
        for cell in path:
            while at % cols != cell % cols:
                step = 1 if cell % cols > at % cols else -1
                await page.keyboard.press("ArrowRight" if step > 0 else "ArrowLeft")
                at += step
            while at // cols != cell // cols:
                step = 1 if cell // cols > at // cols else -1
                await page.keyboard.press("ArrowDown" if step > 0 else "ArrowUp")
                at += step * cols
            await page.keyboard.press("Enter")
        await page.keyboard.press("Enter")  # the last die again: sent
        await expect(page.locator("#verdict")).to_have_attribute("data-verdict", "accepted")
        await expect(page.locator("#verdict")).to_have_attribute("data-word", word)
