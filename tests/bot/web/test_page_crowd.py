"""A crowd on the page: many players in the channel (chat players, and one page), the page shows
the top ten and its own row after a gap with its place, not every row; the results the same
(the top, then the reader's own rank, points and words), and a page whose every word was
refused reads which words and why."""

from __future__ import annotations

from pathlib import Path

from playwright.async_api import expect

from bot.web.payloads import PAGE_TOP
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_play import shots_folder, verdict

CHAT = 30  # chat players, each with two long words: every one of them ahead of the page


async def test_a_crowds_page_shows_the_top_and_you(web_game: Harness, tmp_path: Path) -> None:
    standin = web_game.standin
    names = [f"c{i:02}" for i in range(CHAT)]
    for name in names:
        await standin.add_member(name, name.upper())
    await standin.add_member("zed", "Zed")
    live, _ = await web_game.start_round(mode="casual", time="5m")
    solution = live.game.solution
    longest = sorted(solution, key=lambda w: (-len(w), w))
    shortest = min(solution, key=lambda w: (len(w), w))
    assert len(longest) >= 4 and len(longest[3]) > len(shortest)
    for i, name in enumerate(names):
        await web_game.say(name, f"{longest[i % 2]} {longest[2 + i % 2]}")
    await web_game.wait_for_guess(names[-1], longest[2 + (CHAT - 1) % 2])
    bad = web_game.word_not_on_board(live)
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(web_game), "alice")
        zed = await open_as(browser, standin, page_url(web_game), "zed")
        for page in (alice, zed):
            await expect(page.locator('[role="gridcell"]').first).to_be_visible(timeout=5000)
        await drag(alice, list(solution[shortest]))
        assert await verdict(alice, shortest) == "accepted"
        await zed.locator("#type").fill(bad)
        await zed.locator("#type").press("Enter")
        assert await verdict(zed, bad) == "not_on_board"

        players = alice.locator("#players li")
        you = alice.locator("#players li.you")
        await expect(you).to_contain_text(f"{CHAT + 1}. Alice (you)")
        await expect(players).to_have_count(PAGE_TOP + 2)  # the top, a gap, the reader
        await expect(alice.locator("#players li.gap")).to_have_text("…")
        await expect(alice.locator("#players-h")).to_have_text(f"Players ({CHAT + 1})")
        await expect(zed.locator("#players li")).to_have_count(PAGE_TOP)  # not ranked: no row
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-crowd-phone.png"))

        web_game.clock.advance(live.game.deadline - web_game.clock() + 1)
        ranking = alice.locator("#ranking > li")
        await expect(ranking).to_have_count(PAGE_TOP + 2, timeout=10_000)
        mine = alice.locator("#ranking > li.you")
        await expect(mine).to_contain_text(f"{CHAT + 1}. Alice")
        await expect(mine.locator(".chips button")).to_have_text([shortest.upper() + " 1"])
        await expect(alice.locator("#you-line")).to_have_text(
            f"You: {CHAT + 1} of {CHAT + 1} · 1 pt"
        )
        await expect(zed.locator("#ranking > li")).to_have_count(PAGE_TOP)
        await expect(zed.locator("#you-line")).to_have_text(
            f"None of your words counted: {bad} (not on the board)"
        )
        await alice.screenshot(
            path=str(shots_folder(tmp_path) / "activity-crowd-results-phone.png")
        )
