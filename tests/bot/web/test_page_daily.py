"""The daily board in the Activity: the player opens their own attempt on the page, traces an
accepted word and a refused one, sees the result when the attempt's time is up, and ``/daily`` in
the channel shows that same attempt."""

from __future__ import annotations

import asyncio

from playwright.async_api import expect

from core.board import Board
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from core.round import Verdict
from tests.bot.daily_helpers import attempt_of, open_daily, words_of
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_play import verdict


def not_a_word(board: Board, lexicon: Lexicon) -> list[int]:
    """Three dice in a row whose letters spell no word of the dictionary."""
    cols = board.cols
    for row in range(board.rows):
        for start in range(cols - 2):
            path = [row * cols + start + i for i in range(3)]
            if "".join(board.cells[c] for c in path) not in lexicon:
                return path
    raise AssertionError("every row spells words")


async def test_the_daily_board_on_the_page(web_game: Harness) -> None:
    standin = web_game.standin
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(web_game), "alice")
        await expect(alice.locator("#daily")).to_be_visible(timeout=5000)
        await alice.locator("#daily").click()
        daily, alice_id = web_game.services.daily, web_game.user_id("alice")
        for _ in range(150):  # opened by the page (its message on its way), as /daily opens it
            if await daily.running(alice_id) is not None:
                break
            await asyncio.sleep(0.1)
        attempt = await attempt_of(web_game)
        board = await web_game.services.daily.board_of(attempt)
        await expect(alice.locator("#status")).to_contain_text(f"#{board.number}", timeout=5000)
        await expect(alice.locator("#clock")).to_contain_text("3:00")
        await expect(alice.locator("#back")).to_be_visible()
        (word,) = words_of(board, 1, skip=len(board.words) // 2)
        web_game.clock.advance(20)  # a person reads the board first (fair play counts speed)
        await drag(alice, list(board.words[word]))
        assert await verdict(alice, word) == Verdict.ACCEPTED.value
        await expect(alice.locator("#mine")).to_contain_text(word.upper())
        refused = not_a_word(board.board, web_game.lexicon)
        traced = "".join(board.board.cells[c] for c in refused)
        await drag(alice, refused)
        assert await verdict(alice, traced) == Verdict.NOT_A_WORD.value
        await expect(alice.locator("#verdict")).to_have_class("verdict no")

        web_game.clock.advance(DAILY_SECONDS)  # the service's timer finishes the attempt
        await expect(alice.locator("#summary")).to_be_visible(timeout=5000)
        await expect(alice.locator("#figures")).to_contain_text("1 word")
        await expect(alice.locator("#streak")).to_contain_text("Streak: 1")
        await expect(alice.locator("#ranking")).to_contain_text(word.upper())
        await alice.locator("#missed-h").click()  # the missed words, folded behind their count
        await expect(alice.locator("#missed button").first).to_be_visible()
        await alice.locator("#back").click()  # back to the channel: no round there
        await expect(alice.locator("#start")).to_be_visible(timeout=3000)

    stored = web_game.query(
        "SELECT word, verdict FROM daily_guesses WHERE attempt_id = ? ORDER BY id", (attempt.id,)
    )
    assert stored == [(word, "accepted"), (traced, "not_a_word")]
    shown = await open_daily(web_game)  # /daily in the channel: the same attempt, finished
    assert "your result" in shown.content and word in shown.content
    assert "1 word" in shown.content
    assert web_game.query("SELECT count(*) FROM daily_attempts") == [(1,)]
