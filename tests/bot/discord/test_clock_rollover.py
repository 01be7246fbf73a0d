"""The bot's own clock past a month's end and a day's end: the recap and the day's post come.

Nobody calls the services' checks: the tests read what the channels receive, whatever wakes the
bot up to it.
"""

from __future__ import annotations

from datetime import UTC, date
from pathlib import Path

from core.daily import day_number
from core.lexicon import Lexicon
from standin import StandIn
from standin.state import StoredMessage
from tests.bot.daily_helpers import at, set_time
from tests.bot.discord.test_daily_days import play as play_daily
from tests.bot.discord.test_seasons import play as play_round
from tests.bot.discord.test_server_config import config
from tests.bot.harness import Clock, bot_session

BOUND = 15.0  # seconds: a bound on a signal that must come, never a wait of its own


def day_posts(standin: StandIn) -> list[StoredMessage]:
    return [m for m in standin.messages("general") if "the day is over" in m.content]


def recaps(standin: StandIn) -> list[StoredMessage]:
    return [m for m in standin.messages("boggle") if "is over" in m.content]


async def test_the_clock_crossing_a_month_end_brings_the_recap_and_the_days_post(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        set_time(clock, at(2026, 3, 31, 12, 0, UTC))
        await config(game, "season", length="month", channel="boggle")
        await config(game, "daily-channel set", channel=standin.channel("general").id)
        # March's one round (alice: cat, dog 1 pt each, stone 2; bob: rent 1), then the daily.
        await play_round(game, {"alice": ["cat", "dog", "stone"], "bob": ["rent"]}, clock() - 60)
        await play_daily(game, "alice", "boggle", 3)
        await play_daily(game, "bob", "boggle", 1)
        assert recaps(standin) == [] and day_posts(standin) == []  # neither month nor day over

        mark = max(standin.world.messages)
        set_time(clock, at(2026, 4, 1, 0, 5, UTC))  # past both ends at once
        recap = await standin.wait_for_message(
            "boggle", lambda m: "is over" in m.content, BOUND, after=mark
        )
        assert "## 🏁 Season 2026-03 is over" in recap.content
        assert "👑 Champion: Alice, 4 pts" in recap.content
        assert "🥇 **1.** Alice · 4 pts · 3 words" in recap.content
        assert "🥈 **2.** Bob · 1 pt · 1 word" in recap.content
        assert [a.filename for a in recap.attachments] == ["season.png"]
        post = await standin.wait_for_message(
            "general", lambda m: "the day is over" in m.content, BOUND, after=mark
        )
        assert f"#{day_number(date(2026, 3, 31))}" in post.content
        ranking = post.content.split("ranking")[1]
        assert ranking.index("Alice") < ranking.index("Bob")

        # April 1st is played and ends in turn: its post comes after more passes, and each of
        # what went before is still there once.
        await play_daily(game, "carol", "boggle", 2)
        mark = max(standin.world.messages)
        set_time(clock, at(2026, 4, 2, 0, 5, UTC))
        second = await standin.wait_for_message(
            "general", lambda m: "the day is over" in m.content, BOUND, after=mark
        )
        assert f"#{day_number(date(2026, 4, 1))}" in second.content
        assert "Carol" in second.content.split("ranking")[1]
        assert [m.id for m in day_posts(standin)] == [post.id, second.id]
        assert [m.id for m in recaps(standin)] == [recap.id]  # April is not over
