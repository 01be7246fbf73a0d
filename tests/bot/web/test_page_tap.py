"""Tracing tap by tap on a phone: the word shown as it is built, sent by Send, by Enter or by
the last die again, cleared in one tap, and a hint the first time."""

from __future__ import annotations

from playwright.async_api import Page, expect

from bot.i18n.catalogue import text
from bot.tools.sandbox_web import link
from tests.bot.harness import Harness
from tests.bot.web.browser import centre, chromium, die_selector, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_play import verdict


async def finger(page: Page, selector: str) -> None:
    """One tap of a finger on the middle of ``selector``."""
    box = await page.locator(selector).bounding_box()
    assert box is not None
    await page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


async def tap_dice(page: Page, path: list[int], word: str) -> None:
    """Die by die, the word growing on the page as it is built."""
    faces = ""
    for cell in path:
        await page.touchscreen.tap(*await centre(page, cell))
        await expect(page.locator(die_selector(cell))).to_have_attribute("aria-selected", "true")
        faces = word[: len(faces) + len(await die_face(page, cell))]
        await expect(page.locator("#word")).to_have_text(faces)


async def die_face(page: Page, cell: int) -> str:
    return (await page.locator(die_selector(cell)).inner_text()).strip().lower()


async def lit(page: Page) -> int:
    return await page.locator('#board [aria-selected="true"]').count()


async def test_tap_then_send_then_enter(web_game: Harness) -> None:
    live, _ = await web_game.start_round()
    words = sorted(
        ((w, list(p)) for w, p in live.game.solution.items() if len(p) >= 3),
        key=lambda x: (-len(x[1]), x[0]),
    )
    (sent, sent_path), (entered, entered_path), (cleared, cleared_path), (again, again_path) = (
        words[:4]
    )
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice", touch=True)
        await expect(page.locator('[role="gridcell"]').first).to_be_visible()
        # The first time: how to trace, where the word will show.
        await expect(page.locator("#word")).to_have_text(text("web.trace_hint"))
        await expect(page.locator("#clear")).to_be_hidden()

        await tap_dice(page, sent_path, sent)
        await finger(page, "#send")  # Send: the tapped word, nothing typed
        assert await verdict(page, sent) == "accepted"
        assert await lit(page) == 0
        await expect(page.locator("#word")).to_have_text("")  # sent: no hint any more

        await tap_dice(page, entered_path, entered)
        await page.keyboard.press("Enter")
        assert await verdict(page, entered) == "accepted"
        assert await lit(page) == 0

        # Clearing is one tap; then the last die tapped again still sends.
        await tap_dice(page, cleared_path, cleared)
        await expect(page.locator("#clear")).to_be_visible()
        await finger(page, "#clear")
        assert await lit(page) == 0
        await expect(page.locator("#word")).to_have_text("")
        await expect(page.locator("#clear")).to_be_hidden()
        await tap_dice(page, again_path, again)
        await page.touchscreen.tap(*await centre(page, again_path[-1]))
        assert await verdict(page, again) == "accepted"

        # With the typing field focused (a phone's keyboard up): Enter sends the tapped word.
        await page.locator("#type").focus()
        await tap_dice(page, cleared_path, cleared)
        await page.keyboard.press("Enter")
        assert await verdict(page, cleared) == "accepted"
        await expect(page.locator("#mine li")).to_have_count(4)

        # The hint was for the first time: this device has traced a word before.
        later = await page.context.new_page()
        await later.goto(link(web_game.standin, page_url(web_game), "alice", "boggle"))
        await expect(later.locator("#mine li")).to_have_count(4)
        await expect(later.locator("#word")).to_have_text("")

    rows = web_game.query("SELECT word FROM guesses WHERE verdict = 'accepted' ORDER BY id")
    assert [r[0] for r in rows] == [sent, entered, again, cleared]
