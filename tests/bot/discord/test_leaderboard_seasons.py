"""``/leaderboard`` by season through the real client and the stand-in, on a stopped clock: the
current season by default (the all-time board when seasons are off), a past season by number and
by name with its final places, all time as a choice, pages of a season that turn (also for
someone else), and the refusals (an unknown season; a season with a period or a measure)."""

from __future__ import annotations

from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_leaderboard import description, leaderboard
from tests.bot.discord.test_seasons import at, play
from tests.bot.discord.test_server_config import config, guild_of
from tests.bot.harness import Harness, StoppedClock, bot_session
from tests.bot.seasons.seeding import seed


async def refused(game: Harness, user: str, **options: object) -> str:
    handle = await game.standin.slash("boggle", user, "leaderboard", options)
    answer = await handle.original_message()
    assert answer.ephemeral
    return answer.content


async def test_current_past_and_all_time_boards(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(at(2026, 1, 20, 12))
    async with bot_session(standin, database, clock, lexicon) as game:
        # January: bob 12 (rent, elephants), alice 4; archived as season 1 on February 1st.
        await play(game, {"alice": ["cat", "dog", "stone"], "bob": ["rent", "elephants"]}, clock())
        clock.now = at(2026, 2, 1, 0, 5)
        assert await game.services.seasons.close_due()
        # February so far: alice 7 (quartz, stones, cats), carol 1.
        await play(game, {"alice": ["quartz", "stones", "cats"], "carol": ["lime"]}, at(2026, 2, 3))

        current = description(await leaderboard(game, "bob"))
        assert current.startswith("**Season 2026-02** (#2) · in progress")
        assert "🥇 **1.** Alice · 7 pts · 3 words" in current
        assert "🥈 **2.** Carol · 1 pt · 1 word" in current
        assert "Bob" not in current.split("\n\n")[1] and "not on this leaderboard" in current
        assert "-# All time: `/leaderboard period:all time`" in current

        by_number = await leaderboard(game, "carol", season="1")
        by_name = await leaderboard(game, "carol", season="2026-01")
        assert description(by_number) == description(by_name)
        past = description(by_number)
        assert past.startswith("**Season 2026-01** (#1) · final standings")
        assert "🥇 **1.** Bob · 12 pts · 2 words" in past
        assert "🥈 **2.** Alice · 4 pts · 3 words" in past
        assert "Carol" not in past

        same = description(await leaderboard(game, "alice", season="#2"))
        assert same.startswith("**Season 2026-02** (#2) · in progress")

        all_time = description(await leaderboard(game, "alice", period="all"))
        assert all_time.startswith("**Points** · all time")
        assert "🥇 **1.** Bob · 12 pts" in all_time and "🥈 **2.** Alice · 11 pts" in all_time
        words = description(await leaderboard(game, "alice", measure="words"))
        assert "· all time" in words.split("\n")[0]  # a measure: the all-time board, as before

        unknown = await refused(game, "alice", season="2025-12")
        assert (
            unknown == "No season is called 2025-12: give its number or its name (such as 2026-03)."
        )
        both = await refused(game, "alice", season="1", period="week")
        assert both.startswith("A season is ranked by points")
        assert await refused(game, "alice", season="1", measure="wins") == both

        await config(game, "season", length="off")
        off = description(await leaderboard(game, "alice"))
        assert off.startswith("**Points** · all time")


async def test_a_seasons_pages_turn(standin: StandIn, database: Path, lexicon: Lexicon) -> None:
    clock = StoppedClock(at(2026, 3, 10, 12))
    async with bot_session(standin, database, clock, lexicon) as game:
        guild_id, carol = guild_of(game), game.user_id("carol")
        words = ["cat", "cats", "dog", "dogs", "act", "tag", "rent", "lime", "mile", "ten", "net"]
        storage, here = game.services.storage, game.channel_id()
        for n in range(11):  # eleven players ahead of carol, each with 2-11 words
            found = {3000 + n: words[: 2 + n % 10]}
            await seed(storage, guild_id, found, at(2026, 3, 2, n), channel_id=here)
        await seed(storage, guild_id, {carol: ["cat"]}, at(2026, 3, 3), channel_id=here)
        await seed(storage, guild_id, {4000: ["dog"]}, at(2026, 2, 3), channel_id=here)  # before

        first = await leaderboard(game, "carol")
        assert first.embeds[0]["footer"]["text"] == "Page 1 of 2 · 12 players"
        assert "**You:** #12 Carol · 1 pt · 1 word" in description(first)
        previous, following = first.components[0]["components"]
        assert previous["disabled"] and following["custom_id"].endswith(":s1")
        await standin.click(first, "carol", following["custom_id"])
        await standin.wait_until(lambda: "Page 2 of 2" in str(first.embeds))
        last = description(first)
        assert "**12.** Carol · 1 pt · 1 word" in last and "**You:**" not in last
        assert last.startswith("**Season 2026-03** (#1) · in progress")

        back = first.components[0]["components"][0]
        handle = await standin.click(first, "bob", back["custom_id"])
        mine = await handle.followup()
        assert mine.ephemeral and "Page 1 of 2" in str(mine.embeds)
        assert "not on this leaderboard" in description(mine)
        assert "Page 2 of 2" in str(first.embeds)
