"""Co-op rounds where the standings show them, through the real client and the stand-in: kept
off the season's leaderboard as all time keeps them (with the footer that says so)."""

from __future__ import annotations

from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_coop_untimed import START, coop_round
from tests.bot.discord.test_leaderboard import description, leaderboard
from tests.bot.discord.test_server_config import guild_of
from tests.bot.harness import StoppedClock, bot_session
from tests.bot.seasons.seeding import seed

NOTE = "-# Co-op rounds count in words found only, never in points."


async def test_coop_players_stay_off_the_seasons_leaderboard(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        await coop_round(game, clock, 3, time="2m")
        bob = game.user_id("bob")
        here = game.channel_id()
        await seed(game.services.storage, guild_of(game), {bob: ["cats"]}, clock(), channel_id=here)

        season = description(await leaderboard(game, "alice"))
        assert season.startswith("**Season ")  # the default board: the current season
        places = season.split("\n\n")[1]
        assert places == "🥇 **1.** Bob · 1 pt · 1 word", season
        assert "not on this leaderboard" in season  # alice: co-op only
        assert season.endswith(NOTE), season

        all_time = description(await leaderboard(game, "alice", period="all"))
        assert "Alice" not in all_time and all_time.endswith(NOTE)
