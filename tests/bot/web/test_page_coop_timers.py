"""Co-op, bonus and untimed rounds played on the page in a real browser: the team's share
moving with a traced word, the bonus clock following the moved deadline, an untimed round with
no clock, ended by /boggle stop, and a co-op round's results (the team's medal, each player's
part)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from playwright.async_api import Page, expect

from core.scoring import word_score
from core.solver import solve
from tests.bot.harness import Harness
from tests.bot.web.browser import chromium, drag, open_as
from tests.bot.web.conftest import page_url
from tests.bot.web.test_page_play import shots_folder, verdict, words_by_length


async def seconds_shown(page: Page) -> int:
    minutes, seconds = (await page.locator("#time").inner_text()).split(":")
    return int(minutes) * 60 + int(seconds)


async def test_a_coop_bonus_round_on_the_page(web_game: Harness) -> None:
    live, _ = await web_game.start_round(mode="coop", timer="bonus", time="1m")
    min_length = live.game.rules.min_length
    best = sum(
        word_score(w, min_length) for w in solve(live.game.board, web_game.lexicon, min_length)
    )
    word, path = words_by_length(web_game)[0]  # the longest: the most seconds
    points = word_score(word, min_length)
    start = live.game.deadline
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice")
        await expect(page.locator("#team")).to_contain_text(
            f"🤝 Team: 0 of {best} points (0%) · next: 🥉 bronze at {-(-best // 4)}"
        )
        await expect(page.locator("#clock-note")).to_contain_text("each word adds its points")
        await expect(page.locator("#clock")).to_be_visible()
        assert await seconds_shown(page) <= 60  # starts short
        await drag(page, path)
        assert await verdict(page, word) == "accepted"
        percent = points * 100 // best
        await expect(page.locator("#team")).to_contain_text(
            f"Team: {points} of {best} points ({percent}%)"
        )
        assert live.game.deadline == start + points  # the round's clock moved by the word's points

        async def off_by() -> float:  # the page's clock against the moved deadline
            return abs(await seconds_shown(page) - (live.game.deadline - web_game.clock()))

        for _ in range(50):  # the next scoreboard carries the moved deadline
            if await off_by() < 1.5:
                break
            await asyncio.sleep(0.1)
        assert await off_by() < 1.5 <= points


async def test_an_untimed_round_on_the_page(web_game: Harness) -> None:
    live, _ = await web_game.start_round(timer="untimed", quiet="2m")
    word, path = words_by_length(web_game)[0]
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice")
        await expect(page.locator("#clock-note")).to_contain_text(
            "No clock: the round ends after 2m with no new word"
        )
        await expect(page.locator("#clock")).to_be_hidden()
        await expect(page.locator("#team")).to_be_hidden()
        await drag(page, path)
        assert await verdict(page, word) == "accepted"
        stop = await web_game.standin.slash("boggle", "alice", "boggle stop", {})
        await stop.followup()
        await expect(page.locator("#results")).to_be_visible(timeout=15_000)
        shown = re.compile(re.escape(live.game.spelled(word)), re.IGNORECASE)
        await expect(page.locator("#results")).to_contain_text(shown)


async def test_a_coop_rounds_results_on_the_page(web_game: Harness, tmp_path: Path) -> None:
    live, _ = await web_game.start_round(mode="coop", time="3m")
    min_length = live.game.rules.min_length
    solution = solve(live.game.board, web_game.lexicon, min_length)
    best = sum(word_score(w, min_length) for w in solution)
    traced, path = words_by_length(web_game)[0]  # alice traces the longest word on the page
    rest = sorted(
        (w for w in solution if w != traced), key=lambda w: (-word_score(w, min_length), w)
    )
    said: list[str] = []  # bob says words in the chat until the team passes half the points
    while sum(word_score(w, min_length) for w in [traced, *said]) * 2 < best:
        said.append(rest[len(said)])
    async with chromium() as browser:
        page = await open_as(browser, web_game.standin, page_url(web_game), "alice")
        await drag(page, path)
        assert await verdict(page, traced) == "accepted"
        await web_game.say("bob", " ".join(said))
        await web_game.wait_for_guess("bob", said[-1])
        await web_game.end_round()
        await expect(page.locator("#results")).to_be_visible(timeout=15_000)
        mine, bobs = word_score(traced, min_length), sum(word_score(w, min_length) for w in said)
        team = mine + bobs
        medal = "🥇 gold" if team * 4 >= best * 3 else "🥈 silver"
        result = page.locator("#team-result")
        await expect(result).to_have_text(
            f"🤝 The team found {team * 100 // best}% of the board's points ({team} of {best})"
            f" · {medal}"
        )
        await expect(result).to_have_attribute("data-medal", medal.split()[1])
        entries = page.locator("#ranking > li")
        for name, points, words in (("alice", mine, 1), ("bob", bobs, len(said))):
            share = points * 100 // team
            entry = entries.filter(has_text=f". {name}")
            await expect(entry.locator(".contribution")).to_have_text(
                f"{words} word{'s' * (words != 1)} for the team · {share}% of the team's points"
            )
        await page.screenshot(path=str(shots_folder(tmp_path) / "activity-coop-results-phone.png"))
