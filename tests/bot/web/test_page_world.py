"""The world round in the Activity: the lobby offers **Play the world round** in a server with no
world channel; between rounds the page says when the next opens and shows its board at the
opening; a traced word scores its exact points and a word that is none is refused; the same
entry takes ``/world-guess`` in chat; at the close the page shows the results as ``/world``
does, with the server's place; screenshots at phone size."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.async_api import expect

from bot.world.service import CLOSE_GRACE
from core.round import Verdict
from core.scoring import word_score
from tests.bot.discord.test_server_config import owner
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_daily import not_a_word
from tests.bot.web.test_page_play import shots_folder, verdict


def moved_to(game: Harness, instant: float) -> None:
    game.clock.advance(instant - game.clock())


async def test_the_world_round_on_the_page(web_game: Harness, tmp_path: Path) -> None:
    world, standin = web_game.services.world, web_game.standin
    number = world.rhythm.number_at(web_game.clock()) + 1
    moved_to(web_game, world.rhythm.opens_at(number) - 30)  # between rounds
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(web_game), "alice")
        button = alice.locator("#world")
        await expect(button).to_have_text("Play the world round")
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-world-lobby-phone.png"))
        await button.click()
        # The page counts down from the bot's clock: 0:30 when it came, by the page's clock after.
        await expect(alice.locator("#idle-text")).to_have_text(
            re.compile(r"Next round in 0:[0-3]\d")
        )
        await expect(alice.locator("#start")).to_be_hidden()
        await expect(alice.locator("#back")).to_be_visible()
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-world-wait-phone.png"))

        moved_to(web_game, world.rhythm.opens_at(number) + 5)  # its board comes at the opening
        await expect(alice.locator("#status")).to_have_text(f"World round #{number} · English")
        await expect(alice.locator("#clock")).to_contain_text("1:55")
        await expect(alice.locator("#next")).to_be_hidden()
        alice_id = web_game.user_id("alice")
        assert await world.store.world_entry("en", number, alice_id) is None  # shown, not joined
        board = await world.board("en", number)
        word = max(board.words, key=lambda w: (len(w), w))
        await drag(alice, list(board.words[word]))
        assert await verdict(alice, word) == Verdict.ACCEPTED.value
        points = word_score(word)
        await expect(alice.locator("#verdict")).to_have_text(f"✓ {word.upper()} +{points}")
        await expect(alice.locator("#mine")).to_contain_text(word.upper())
        await expect(alice.locator("#team")).to_have_text(f"You: 1 word · {points} pts")
        refused = not_a_word(board.board, web_game.lexicon)
        traced = "".join(board.board.cells[c] for c in refused)
        await drag(alice, refused)
        assert await verdict(alice, traced) == Verdict.NOT_A_WORD.value
        await expect(alice.locator("#verdict")).to_have_class("verdict no")
        await alice.screenshot(path=str(shots_folder(tmp_path) / "activity-world-phone.png"))

        # The same entry in chat: /world-guess adds to it; bob plays from /world-guess alone.
        short = min(board.words, key=lambda w: (len(w), w))
        said = await standin.slash("general", "alice", "world-guess", {"words": short})
        await said.followup()
        bob = await standin.slash("general", "bob", "world-guess", {"words": short})
        await bob.followup()
        entry = await world.store.world_entry("en", number, alice_id)
        assert entry is not None and entry.points == points + word_score(short)
        assert entry.channel_id == standin.channel("boggle").id  # joined first on the page
        rows = web_game.query("SELECT count(*) FROM world_entries WHERE player_id = ?", (alice_id,))
        assert rows == [(1,)]

        moved_to(web_game, world.rhythm.closes_at(number) + CLOSE_GRACE + 0.5)
        players = "2 players"
        await expect(alice.locator("#results-h")).to_have_text(
            f"World round #{number} · English · {players}"
        )
        total = points + word_score(short)  # alice first, bob (the short word alone) second
        await expect(alice.locator("#you-line")).to_have_text(
            f"You: #1 of 2 · top 50 % · {total} pts"
        )
        await expect(alice.locator("#world-top li")).to_have_count(2)
        await expect(alice.locator("#world-top .you")).to_have_text(f"1. Alice (you){total} pts")
        await expect(alice.locator("#world-top li").nth(1)).to_contain_text("2. Bob")
        both = total + word_score(short)
        await expect(alice.locator("#figures")).to_have_text(
            f"This server is #1 of 1 this round ({both} pts, its best three)"
        )
        await expect(alice.locator("#world-mine button")).to_have_count(2)
        await expect(alice.locator("#world-mine")).to_contain_text(f"{word.upper()} {points}")
        # The rarest first: alice's long word (one player of two), then the short (both).
        rarest = alice.locator("#world-rarest button")
        await expect(rarest).to_have_text([f"{word.upper()} 50 %", f"{short.upper()} 100 %"])
        await expect(alice.locator("#next")).to_contain_text("Next round in 0:")
        await alice.screenshot(
            path=str(shots_folder(tmp_path) / "activity-world-results-phone.png")
        )

        await alice.locator("#back").click()  # back to the channel: no round there
        await expect(alice.locator("#start")).to_be_visible()
        await expect(alice.locator("#world")).to_be_visible()
        await expect(alice.locator("#next")).to_be_hidden()


async def test_the_world_channels_language(web_game: Harness) -> None:
    """A server with a world channel plays its language on the page, whatever the page's."""
    world, standin = web_game.services.world, web_game.standin
    config = await standin.slash(
        "boggle", owner(web_game), "boggle-config world", {"channel": "boggle", "language": "fr"}
    )
    await config.followup()
    number = world.rhythm.number_at(web_game.clock()) + 1
    moved_to(web_game, world.rhythm.opens_at(number) + 1)
    async with chromium() as browser:
        alice = await open_as(browser, standin, page_url(web_game), "alice")
        await alice.locator("#world").click()
        await expect(alice.locator("#status")).to_have_text(f"World round #{number} · French")
        board = await world.board("fr", number)
        faces = alice.locator('#board [role="gridcell"]')
        await expect(faces).to_have_count(16)
        assert (await faces.first.inner_text()).lower() == board.board.cells[0]
