"""Two players tracing on the page and one typing in the channel, in one round: drags, taps and
the keyboard, each verdict, the live scoreboard, and the exact results for all three."""

from __future__ import annotations

import os
from pathlib import Path

from playwright.async_api import Frame, Page, expect

from core.round import Mode, Verdict
from core.scoring import word_score
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as, tap
from tests.bot.web.conftest import page_url

# The README's screenshots are this test's: BOGGLE_UPDATE_SCREENSHOTS=1 writes them to docs/images
# (look at them before committing); otherwise they go to the test's own folder.
DOCS_IMAGES = Path(__file__).resolve().parents[3] / "docs" / "images"


def shots_folder(tmp_path: Path) -> Path:
    return DOCS_IMAGES if os.environ.get("BOGGLE_UPDATE_SCREENSHOTS") else tmp_path


def words_by_length(harness: Harness) -> list[tuple[str, list[int]]]:
    game = harness.live().game
    return sorted(
        ((w, list(p)) for w, p in game.solution.items()), key=lambda x: (-len(x[0]), x[0])
    )


async def verdict(page: Page | Frame, word: str) -> str:
    v = page.locator("#verdict")
    await expect(v).to_have_attribute("data-word", word, timeout=15_000)
    return await v.get_attribute("data-verdict") or ""


async def on_first_screen(page: Page, selector: str) -> None:
    """``selector`` is wholly within the viewport, not scrolled to, and nothing covers it."""
    box = await page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (selector, box)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert await page.evaluate(
        "([s, x, y]) => document.querySelector(s).contains(document.elementFromPoint(x, y))",
        [selector, x, y],
    ), selector


async def test_two_on_the_page_one_in_chat(web_game: Harness, tmp_path: Path) -> None:
    shots = shots_folder(tmp_path)
    standin = web_game.standin
    await standin.add_member("bob", "Bob")
    await standin.add_member("carol", "Carol")
    url = page_url(web_game)
    async with chromium() as browser:
        alice = await open_as(browser, standin, url, "alice")
        await expect(alice.locator("#start")).to_be_visible(timeout=15_000)
        await alice.locator("#start").click()  # no round yet: the page starts one
        board = await standin.wait_for_message(
            "boggle", lambda m: "Boggle" in m.content, 15, after=0
        )  # after=0: the bot may post it before this line runs
        assert board.author.id == standin.world.bot.id
        await expect(alice.locator('[role="gridcell"]').first).to_be_visible()
        bob = await open_as(browser, standin, url, "bob", (1280, 720))
        await expect(bob.locator('[role="gridcell"]').first).to_be_visible(timeout=15_000)
        words = words_by_length(web_game)
        (long_word, long_path), (tapped, tap_path), (typed, _), (shared, shared_path) = words[:4]

        await drag(alice, long_path)  # how fast its verdict comes is bench_web's to measure
        assert await verdict(alice, long_word) == "accepted"
        await tap(bob, tap_path)
        assert await verdict(bob, tapped) == "accepted"
        await bob.locator("#type").fill(typed)
        await expect(bob.locator('[role="gridcell"][aria-selected="true"]')).to_have_count(
            len(web_game.live().game.solution[typed])
        )
        await bob.locator("#type").press("Enter")
        assert await verdict(bob, typed) == "accepted"
        await web_game.say("carol", shared)
        await drag(alice, shared_path)
        assert await verdict(alice, shared) == "accepted"
        await drag(alice, long_path)  # again: already found, with the reason in words
        assert await verdict(alice, long_word) == Verdict.ALREADY_FOUND.value
        await expect(alice.locator("#verdict")).to_contain_text("already yours")
        # The live scoreboard: chat players too; classic shows word counts, not points.
        assert web_game.live().game.rules.mode is Mode.CLASSIC
        await expect(alice.locator("#players li")).to_have_count(3, timeout=15_000)
        await expect(alice.locator("#players")).to_contain_text("Carol")
        await expect(alice.locator("#players")).to_contain_text("2 words")
        await alice.screenshot(path=str(shots / "activity-play-phone.png"))
        await bob.screenshot(path=str(shots / "activity-play-desktop.png"))

        missed = len(web_game.live().game.solution) - 4
        await web_game.end_round()
        for page in (alice, bob):
            await expect(page.locator("#results")).to_be_visible(timeout=15_000)
        rows = web_game.query(
            "SELECT player_id, word FROM guesses WHERE verdict = 'accepted' ORDER BY id"
        )
        ids = {name: standin.user(name).id for name in ("alice", "bob", "carol")}
        assert sorted(rows) == sorted(
            [
                (ids["alice"], long_word),
                (ids["bob"], tapped),
                (ids["bob"], typed),
                (ids["carol"], shared),
                (ids["alice"], shared),
            ]
        )
        ranking = alice.locator("#ranking > li")
        await expect(ranking).to_have_count(3)
        text = await alice.locator("#ranking").inner_text()
        # Points as core scores them: a shared word scores nothing.
        alice_points = word_score(long_word, 3)
        bob_points = word_score(tapped, 3) + word_score(typed, 3)
        assert "Alice" in text and f"{alice_points} pts" in text
        assert f"{bob_points} pts" in text and "Carol" in text and "0 pts" in text
        await expect(alice.locator("#ranking .shared")).to_have_count(2)  # alice's and carol's
        # On the phone, without scrolling: Play again and her own result; the many missed words
        # folded behind their count, opened by a tap.
        assert missed >= 30
        rank = 1 if alice_points >= bob_points else 2
        you = f"You: {rank} of 3 · {alice_points} pts"
        await expect(alice.locator("#you-line")).to_have_text(you)
        for shown in ("#again", "#you-line"):
            await on_first_screen(alice, shown)
        await expect(alice.locator("#missed")).to_be_hidden()
        await expect(alice.locator("#missed-h")).to_have_text(f"Missed words ({missed})")
        await alice.locator("#missed-h").click()
        await expect(alice.locator("#missed button")).to_have_count(missed)
        first_missed = alice.locator("#missed button").first
        await first_missed.click()
        await expect(alice.locator('[role="gridcell"][aria-selected="true"]').first).to_be_visible()
        await alice.screenshot(path=str(shots / "activity-results-phone.png"))
        await bob.locator("#ranking button").first.click()
        await bob.screenshot(path=str(shots / "activity-results-desktop.png"))
