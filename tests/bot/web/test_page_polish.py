"""The page in Polish: a player whose Discord locale is Polish opens the Activity on a Polish
round; the page's words are Polish, the dice carry Polish letters (Ł, Ż, Ó...), and a traced word
with one of them is accepted, listed as the player's and stored."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from playwright.async_api import expect

from bot.i18n.catalogue import text
from core.lexicon import Lexicon
from core.round import Verdict
from standin import StandIn
from tests.bot.discord.test_language_rounds import board_code, start
from tests.bot.discord.test_language_rounds_more import POLISH_ONLY
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import WEB, page_url
from tests.bot.web.test_page_play import verdict


@pytest.fixture
async def web_languages(
    standin: StandIn, database: Path, clock: Clock, lexicons: dict[str, Lexicon]
) -> AsyncIterator[Harness]:
    """The bot and its page, with every language's lexicon at hand."""
    async with bot_session(
        standin, database, clock, lexicons["en"], lexicons=lexicons, web=WEB
    ) as h:
        yield h


async def test_a_polish_player_traces_a_polish_word(
    web_languages: Harness, lexicons: dict[str, Lexicon], tmp_path: Path
) -> None:
    game, pl = web_languages, lexicons["pl"]
    code = board_code("pl", pl, lambda s: any(set(w) & set(POLISH_ONLY) for w in s))
    await start(game, board=code, mode="casual", time="2m")
    live = game.live().game
    assert live.language.code == "pl"
    standin = game.standin
    standin.activities.locales[game.user_id("alice")] = "pl"  # what /users/@me reports
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(game), "alice")  # browser: en-US
        dice = alice.locator('[role="gridcell"]')
        await expect(dice.first).to_be_visible()
        await expect(alice.locator("#word")).to_have_text(text("web.trace_hint", "pl"))
        await expect(alice.locator("#mine-h")).to_have_text(text("web.your_words", "pl"))
        await expect(alice.locator("#players-h")).to_have_text(text("web.players", "pl"))
        await expect(alice.locator("#send")).to_have_text(text("web.submit", "pl"))
        assert await alice.locator("#board").get_attribute("aria-label") == text("web.board", "pl")
        faces = [face.strip() for face in await dice.all_inner_texts()]
        assert faces == [cell.upper() for cell in live.board.cells]
        assert set("".join(faces)) & set(POLISH_ONLY.upper())  # Ł, Ż, Ó... on the dice

        word = min((w for w in live.solution if set(w) & set(POLISH_ONLY)), key=len)
        await drag(alice, list(live.solution[word]))
        assert await verdict(alice, word) == Verdict.ACCEPTED.value
        await expect(alice.locator("#mine")).to_contain_text(word.upper())
        await alice.screenshot(path=str(tmp_path / "polish.png"))
    stored = game.query("SELECT word, verdict FROM guesses ORDER BY id")
    assert (word, "accepted") in stored
