"""The board by keyboard alone, on a 360x640 phone without scrolling."""

from __future__ import annotations

import asyncio
from typing import Literal

import pytest
from playwright.async_api import expect

from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, open_as
from tests.bot.web.conftest import page_url


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


async def test_the_same_round_again_keeps_the_word_being_traced(web_game: Harness) -> None:
    """The round sent again mid-word (a reconnect; the channel's first look sent it twice) keeps
    the dice chosen so far and the keyboard's place: it rebuilt the board and dropped them."""
    live, _ = await web_game.start_round()
    word, path = min(
        ((w, p) for w, p in live.game.solution.items() if len(p) >= 3),
        key=lambda x: (len(x[1]), x[0]),
    )
    cols = live.game.board.cols
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice", (390, 844))
        cells = page.locator('[role="gridcell"]')
        await expect(cells).to_have_count(live.game.board.rows * cols)
        await cells.nth(path[0]).click()
        await cells.nth(path[1]).click()
        await expect(cells.nth(path[1])).to_have_attribute("aria-selected", "true")
        web = web_game.app.web
        assert web is not None
        before = set(web._sockets)
        for ws in before:  # the round comes again on the new socket
            await ws.close(code=1011)
        await web_game.standin.wait_until(lambda: bool(set(web._sockets) - before), 15)
        await asyncio.sleep(0.5)  # the page has its round again
        await expect(cells.nth(path[0])).to_have_attribute("aria-selected", "true")
        for cell in path[2:]:
            await cells.nth(cell).click()
        await cells.nth(path[-1]).click()  # the last die again: sent
        await expect(page.locator("#verdict")).to_have_attribute("data-word", word)
        await expect(page.locator("#verdict")).to_have_attribute("data-verdict", "accepted")


def luminance(rgb: str) -> float:
    """WCAG's relative luminance of a CSS ``rgb(r, g, b)``."""
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.mark.parametrize("theme", ["dark", "light"])
async def test_readable_on_discord_s_dark_and_light_themes(
    web_game: Harness, theme: Literal["dark", "light"]
) -> None:
    """The page's text, the dice's letters and the verdict against what is behind them: WCAG's
    4.5:1 at least, in both of Discord's themes."""
    await web_game.start_round()
    async with chromium() as browser:
        page = await open_as(
            browser,
            web_game.standin,
            page_url(web_game),
            "alice",
            theme=theme,
        )
        await expect(page.locator('[role="gridcell"]').first).to_be_visible()
        pairs = await page.evaluate(
            """() => {
                const bg = (el) => {
                    for (let e = el; e; e = e.parentElement) {
                        const c = getComputedStyle(e).backgroundColor;
                        if (c && !c.endsWith(", 0)") && c !== "transparent") return c;
                    }
                    return "rgb(255, 255, 255)";
                };
                return ["body", "#players-h", '[role="gridcell"] span', "#type"].map((s) => {
                    const el = document.querySelector(s);
                    return [s, getComputedStyle(el).color, bg(el)];
                });
            }"""
        )
        for where, fg, bg in pairs:
            light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
            assert (light + 0.05) / (dark + 0.05) >= 4.5, (theme, where, fg, bg)
