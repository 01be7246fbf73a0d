"""The daily board's days, with the bot's clock moved by the test: the day boundary in two time
zones, a streak across three days and its break, a flagged result left out of the ranking and
the leaderboard, the end-of-day post (once, across a restart and two takers; after the attempts
opened just before midnight, in two zones), /stats."""

from __future__ import annotations

import asyncio
from datetime import UTC, date
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.daily.model import DailyOpening
from bot.daily.service import attempt_job
from core.daily import DAILY_SECONDS, day_number
from core.fairplay import OPENING_MAX_WORDS
from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.daily_helpers import at, attempt_of, latest, open_and_guess, open_daily, set_time
from tests.bot.discord.test_leaderboard import description, leaderboard
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, Harness, bot_session

TOKYO = ZoneInfo("Asia/Tokyo")  # UTC+9, no daylight saving


async def play(game: Harness, user: str, channel: str | int, count: int, wait: float = 15) -> int:
    """A whole attempt: open, wait ``wait`` seconds, guess ``count`` words in one go, let the
    time run out; the attempt's id once its result is shown."""
    message, attempt = await open_and_guess(game, user, count, wait, channel)
    game.clock.advance(DAILY_SECONDS)
    await latest(game.standin, user, message, "your result")
    return attempt.id


async def test_the_day_turns_at_each_zone_s_midnight(game: Harness) -> None:
    await config(game, "set", timezone="Asia/Tokyo")
    set_time(game.clock, at(2026, 3, 10, 23, 30, UTC))  # 08:30 on the 11th in Tokyo
    server = await open_daily(game, "alice")
    in_server = await attempt_of(game, "alice")
    assert in_server.day == "2026-03-11" and f"#{day_number(date(2026, 3, 11))}" in server.content
    dm = game.standin.dm_with("bob")
    await open_daily(game, "bob", dm)
    in_dm = await attempt_of(game, "bob")
    assert in_dm.day == "2026-03-10" and in_dm.board != in_server.board  # UTC: still the 10th

    set_time(game.clock, at(2026, 3, 11, 0, 30, UTC))  # the 11th in UTC too
    await open_daily(game, "bob", dm)  # his first attempt has ended: a new day, a new one
    bobs_next = await attempt_of(game, "bob")
    assert bobs_next.day == "2026-03-11" and bobs_next.board == in_server.board  # one board a day
    again = await open_daily(game, "alice")  # still the 11th in Tokyo: her attempt, no new one
    assert "your result" in again.content
    rows = game.query("SELECT player_id, day FROM daily_attempts ORDER BY id")
    alice, bob = game.user_id("alice"), game.user_id("bob")
    assert rows == [(alice, "2026-03-11"), (bob, "2026-03-10"), (bob, "2026-03-11")]

    set_time(game.clock, at(2026, 3, 11, 15, 0, UTC))  # 00:00 on the 12th in Tokyo
    await open_daily(game, "alice")
    assert (await attempt_of(game, "alice")).day == "2026-03-12"


async def test_a_streak_across_three_days_and_its_break(game: Harness) -> None:
    dm = game.standin.dm_with("alice")
    for day in (1, 2, 3):
        set_time(game.clock, at(2026, 4, day, 12, 0, UTC))
        await play(game, "alice", dm, 2)
    result = await open_daily(game, "alice", dm)
    assert "Streak: 3 (longest 3)" in result.content
    set_time(game.clock, at(2026, 4, 5, 12, 0, UTC))  # the 4th went by without a game
    await play(game, "alice", dm, 1)
    result = await open_daily(game, "alice", dm)
    assert "Streak: 1 (longest 3)" in result.content


async def test_a_flagged_result_and_the_end_of_day_post(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        reply = await config(game, "daily-channel set", channel=standin.channel("general").id)
        assert "goes to" in reply
        await config(game, "set", timezone="Asia/Tokyo")
        assert "Daily board's end-of-day post: <#" in await config(game, "show")
        set_time(clock, at(2026, 5, 20, 3, 0, UTC))  # noon in Tokyo
        await play(game, "alice", "boggle", 3)
        await play(game, "bob", "boggle", 1)
        # carol sends a dozen words the moment the board appears: no person types that fast
        message, carols = await open_and_guess(game, "carol", 12, after=1)
        clock.advance(DAILY_SECONDS)
        result = await latest(standin, "carol", message, "your result")
        assert "left out of the rankings" in result.content
        assert "Streak: 0" in result.content  # a flagged day keeps no streak
        assert f"more than {OPENING_MAX_WORDS} words in the first" in result.content
        rules = await (
            await standin.slash("boggle", "carol", "boggle rules", {})
        ).original_message()
        assert "Fair play on the daily board" in rules.content
        assert f"more than {OPENING_MAX_WORDS} words found" in rules.content
        board = description(await leaderboard(game, "alice", period="today", measure="daily"))
        assert "Alice" in board and "Bob" in board and "Carol" not in board

        stats = await standin.slash("boggle", "carol", "stats", {})
        shown = await stats.followup()
        daily = next(f for f in shown.embeds[0]["fields"] if "Daily" in f["name"])
        assert "flagged" in daily["value"] and f"#{carols.day_number}" in daily["value"]
        assert "streak 0" in daily["value"].lower()

        assert standin.messages("general") == []  # the day is not over in Tokyo yet
        set_time(clock, at(2026, 5, 20, 15, 4, UTC))  # 00:04 on the 21st in Tokyo
        post = await standin.wait_for_message("general", lambda m: "the day is over" in m.content)
        assert f"#{carols.day_number}" in post.content
        ranking = post.content.split("ranking")[1]
        assert ranking.index("Alice") < ranking.index("Bob") and "Carol" not in ranking
        assert "Longest missed word" in post.content and "Best missed words" in post.content
        assert [a.filename for a in post.attachments] == ["board.png"]
        together = await asyncio.gather(*(game.services.daily_poster.post_due() for _ in range(2)))
        assert together == [0, 0]

    clock.advance(3600)
    async with bot_session(standin, database, clock, lexicon) as game:
        await game.services.scheduler.caught_up()  # the pass at start, past the day's end
        assert await game.services.daily_poster.post_due() == 0
        assert [m.id for m in standin.messages("general")] == [post.id]
        cleared = await config(game, "daily-channel clear")
        assert "No end-of-day post" in cleared
        assert await game.services.storage.daily_channels() == []


@pytest.mark.parametrize("zone", ["Asia/Tokyo", "America/Los_Angeles"])
async def test_the_post_waits_for_an_attempt_opened_just_before_midnight(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon, zone: str
) -> None:
    """Alice opens the board at 23:59 and plays until 00:02: the post neither goes at 00:01
    without her (it did before) nor misses her at 00:04, though the timer that held her attempt
    is gone: the poster finishes it (scored, her message shows the result) before posting."""

    local = ZoneInfo(zone)
    async with bot_session(standin, database, clock, lexicon) as game:
        await config(game, "daily-channel set", channel=standin.channel("general").id)
        await config(game, "set", timezone=zone)
        set_time(clock, at(2026, 5, 20, 12, 0, local))
        await play(game, "bob", "boggle", 1)
        set_time(clock, at(2026, 5, 20, 23, 59, local))
        message, alices = await open_and_guess(game, "alice", 3, after=15)
        game.services.daily._armed.clear()  # the process whose timer held her attempt is gone
        game.services.scheduler.cancel(attempt_job(alices.id))

        set_time(clock, at(2026, 5, 21, 0, 1, local))
        await game.services.scheduler.caught_up()
        assert await game.services.daily_poster.post_due() == 0
        assert standin.messages("general") == []

        set_time(clock, at(2026, 5, 21, 0, 4, local))  # the post's job: its instant has come
        post = await standin.wait_for_message("general", lambda m: "the day is over" in m.content)
        assert "the day is over" in post.content and f"#{alices.day_number}" in post.content
        ranking = post.content.split("ranking")[1]
        assert ranking.index("Alice") < ranking.index("Bob")
        [(finished, words_found)] = game.query(
            "SELECT finished_at, words FROM daily_attempts WHERE id = ?", (alices.id,)
        )
        assert finished == alices.deadline and words_found == 3
        await latest(standin, "alice", message, "your result")
        assert await game.services.daily_poster.post_due() == 0


async def test_the_post_waits_while_an_attempt_of_the_day_still_runs(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """An attempt of the day whose board was ready only a minute after midnight (its deadline
    00:04:00, after the post's usual 00:03:30): the post waits for it, then ranks it."""

    async with bot_session(standin, database, clock, lexicon) as game:
        await config(game, "daily-channel set", channel=standin.channel("general").id)
        set_time(clock, at(2026, 5, 20, 12, 0, UTC))
        await play(game, "bob", "boggle", 1)
        board = await game.services.daily.board(date(2026, 5, 20), "en")
        guild = standin.channel("boggle").guild_id
        await game.services.storage.start_daily(
            DailyOpening(
                player_id=game.user_id("carol"),
                language="en",
                day=board.day,
                guild_id=guild,
                channel_id=standin.channel("boggle").id,
                board=board.board.text(),
                max_points=board.max_points,
                started_at=at(2026, 5, 21, 0, 1, UTC).timestamp(),
            )
        )
        await game.services.storage.remember_names(guild or 0, {game.user_id("carol"): "Carol"})

        set_time(clock, at(2026, 5, 21, 0, 3, UTC))
        clock.advance(45)  # 00:03:45, past the usual delay: Carol still plays
        await game.services.scheduler.caught_up()
        assert standin.messages("general") == []

        clock.advance(20)  # 00:04:05: her time is up, the post's job runs again
        post = await standin.wait_for_message("general", lambda m: "the day is over" in m.content)
        assert "Bob" in post.content and "Carol" in post.content
