"""``/tournament create`` refused through the real client and the stand-in: a start time that is
none says what a start time may be, and one too far says the start's own limit; numbers the
command's ranges keep out, forged past them, refused by the service too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bot.kernel.refusal import Refusal
from bot.rounds.options import round_options
from bot.tournaments.service import Plan
from core.lexicon import Lexicon
from core.tournament import Format
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


async def test_the_service_refuses_forged_numbers(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """The command's ranges keep Discord's clients out; a forged interaction, or another front
    end, meets the service's: one refusal each, and nothing made."""
    async with bot_session(standin, database, clock, lexicon) as game:
        guild_id, channel_id = next(iter(standin.world.guilds)), game.channel_id()
        plan = Plan("Cup", Format.SERIES, 3, 60, None, round_options())
        now = clock()
        forged = {
            "⚠️ A tournament has 1 to 10 rounds.": [replace(plan, rounds=n) for n in (0, -3, 11)],
            "⚠️ The break between rounds is 0 to 30m.": [
                replace(plan, break_seconds=n) for n in (-1, 30 * 60 + 1)
            ],
            "⚠️ The start must be in the future, at most 30 days ahead.": [
                replace(plan, starts_at=at) for at in (now - 1, now + 31 * 24 * 3600)
            ],
            "⚠️ A name of 1 to 80 characters, please.": [
                replace(plan, name=n) for n in ("", "  ", "x" * 81)
            ],
            "⚠️ size must be one of 4, 5, 6": [
                replace(plan, options=replace(plan.options, size=n)) for n in (0, -3)
            ],
            "⚠️ min_length must be between 3 and 8": [
                replace(plan, options=replace(plan.options, min_length=0))
            ],
            "⚠️ time must be between 30s and 30m": [
                replace(plan, options=replace(plan.options, seconds=0))
            ],
        }
        tournaments = game.services.tournaments
        for said, plans in forged.items():
            for bad in plans:
                made = await tournaments.create(
                    guild_id, channel_id, (1, "Owner"), bad, True, "#boggle", False
                )
                assert isinstance(made, Refusal), bad
                assert made.text("en") == said, (bad, made.text("en"))
        assert game.query("SELECT COUNT(*) FROM tournaments") == [(0,)]
        made = await tournaments.create(
            guild_id, channel_id, (1, "Owner"), plan, True, "#boggle", False
        )
        assert not isinstance(made, Refusal)
        assert game.query("SELECT rounds FROM tournaments") == [(3,)]
