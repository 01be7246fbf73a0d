"""A season is archived at its end, not at the next look: through the real client and the
stand-in, a server plays a round in January, the stopped clock crosses midnight into February,
and ``/leaderboard season:2026-01`` shows its final standings within a second (it answered "No
season is called 2026-01" for up to a minute before, and February was numbered #1)."""

from __future__ import annotations

import time
from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.discord.test_leaderboard import description
from tests.bot.discord.test_seasons import at
from tests.bot.harness import Harness, StoppedClock, bot_session


async def season_board(game: Harness, season: str) -> str:
    """``/leaderboard season:<season>``: the board's text, or the refusal."""
    handle = await game.standin.slash("boggle", "bob", "leaderboard", {"season": season})
    await handle.response()
    if handle.deferred:
        return description(await handle.followup())
    return (await handle.original_message()).content


async def test_the_season_that_just_ended_is_on_the_board_at_its_end(
    standin: StandIn, database: Path, lexicon: Lexicon
) -> None:
    clock = StoppedClock(at(2026, 1, 31, 23, 40))
    async with bot_session(standin, database, clock, lexicon) as game:
        live, _ = await game.start_round("alice", mode="casual")
        [word] = game.words(live, 1)
        await game.say("alice", word)
        await game.wait_for_guess("alice", word)
        await game.end_round()  # a server that plays now: its season's end is a job
        assert clock() < at(2026, 2, 1)
        assert (await season_board(game, "2026-01")).startswith("**Season 2026-01** (#1) · in")

        clock.now = at(2026, 2, 1)  # January's last instant is over
        crossed = time.monotonic()
        while (answer := await season_board(game, "2026-01")).startswith("No season"):
            assert time.monotonic() - crossed < 1.0, answer
        assert time.monotonic() - crossed < 1.0
        assert answer.startswith("**Season 2026-01** (#1) · final standings"), answer
        assert "🥇 **1.** Alice" in answer
        current = await season_board(game, "2026-02")
        assert current.startswith("**Season 2026-02** (#2) · in progress"), current
