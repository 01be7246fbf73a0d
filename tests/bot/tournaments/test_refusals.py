"""``/tournament create`` refused through the real client and the stand-in: a start time that is
none says what a start time may be, and one too far says the start's own limit."""

from __future__ import annotations

from pathlib import Path

from core.lexicon import Lexicon
from standin import StandIn
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.tournaments.play import owner

WHAT_A_START_IS = "is not a time: try 20:30, 2026-03-14 20:30 or in 10m."
START_RANGE = "⚠️ The start must be in the future, at most 30 days ahead."


async def created(game: Harness, **options: object) -> str:
    handle = await game.standin.slash(
        "boggle", owner(game.standin), "tournament create", {"name": "Cup", **options}
    )
    answer = await handle.original_message()
    assert answer.ephemeral
    return answer.content


async def test_a_bad_start_says_what_a_start_may_be(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    async with bot_session(standin, database, clock, lexicon) as game:
        assert await created(game, start_at="tomorrow") == f"⚠️ 'tomorrow' {WHAT_A_START_IS}"
        assert await created(game, start_at="in ten") == f"⚠️ 'in ten' {WHAT_A_START_IS}"
        assert await created(game, start_at="25:99") == f"⚠️ '25:99' {WHAT_A_START_IS}"
        assert await created(game, start_at="in 800h") == START_RANGE  # past 30 days
        assert await created(game, start_at="0") == START_RANGE  # now is not in the future
        assert game.query("SELECT COUNT(*) FROM tournaments") == [(0,)]
