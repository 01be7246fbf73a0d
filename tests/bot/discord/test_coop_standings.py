"""Co-op rounds where the standings show them, through the real client and the stand-in: kept
off the season's leaderboard as all time keeps them (with the footer that says so), and /stats
giving the team's share as the results do (rounded down), "1 round" in the singular."""

from __future__ import annotations

from pathlib import Path

from core.board import Board
from core.lexicon import Lexicon
from core.scoring import word_score
from core.solver import solve
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


async def test_stats_give_the_team_share_as_the_results_do(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(START)
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", size=4, mode="coop", time="2m")
        min_length = live.game.rules.min_length
        solution = solve(Board.parse(live.stored.board), lexicon, min_length)
        best = sum(word_score(w, min_length) for w in solution)
        ranked = sorted(solution, key=lambda w: (-word_score(w, min_length), w))
        # The fewest best words whose share is at least half a percent past a whole one: where
        # rounding up and rounding down part.
        count = next(
            n
            for n in range(1, len(ranked))
            if sum(word_score(w, min_length) for w in ranked[:n]) * 100 % best * 2 >= best
        )
        await game.say("alice", " ".join(ranked[:count]))
        await game.wait_for_guess("alice", ranked[count - 1])
        points = sum(word_score(w, min_length) for w in ranked[:count])
        percent = points * 100 // best
        results = await game.end_round()
        assert f"The team found {percent}% of the board's points**" in results.content

        handle = await standin.slash("boggle", "alice", "stats", {})
        fields = {f["name"]: f["value"] for f in (await handle.followup()).embeds[0]["fields"]}
        assert fields["co-op"] == (
            f"🤝 Co-op (kept apart from the points above): 1 round, {points} pts found for the"
            f" team, best team share {percent}%"
        ), fields
