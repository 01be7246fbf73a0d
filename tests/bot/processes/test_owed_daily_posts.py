"""The end-of-day post survives kill -9 at each step and appears once: a day that ended while
the bot was down is owed at start (claimed and owed in one transaction); the process killed
after the fact is stored (Discord's gateway held: nothing can be sent before the client is
ready), during the send (the message made, its answer held) and after the send before it is
marked (the database's write lock held); a second process delivers it, on both engines."""

from __future__ import annotations

import time
from datetime import UTC
from pathlib import Path

import pytest

from bot.daily.model import DailyOpening
from core.daily import DAILY_POST_DELAY, DAILY_SECONDS, day_number
from core.days import last_ended_day
from core.round import Verdict
from standin import StandIn
from tests.bot.processes.owed import STEPS, database, delivered_once, kill_at
from tests.stores import ENGINES, StoreTarget

GATEWAY = "GET /gateway/bot"  # asked before the gateway opens: held, the client is never ready


async def yesterday_played(standin: StandIn, target: StoreTarget) -> int:
    """Alice's finished attempt at the last ended day, in the sandbox, whose end-of-day post
    goes to #general; the day's number."""
    general = standin.channel("general")
    guild = general.guild_id
    assert guild is not None
    day = last_ended_day(time.time(), UTC, DAILY_POST_DELAY)
    alice = standin.user("alice").id
    storage = await target.open()
    try:
        await storage.set_daily_channel(guild, general.id)
        await storage.remember_names(guild, {alice: "Alice"})
        started = time.time() - 86400
        opened = await storage.start_daily(
            DailyOpening(alice, "en", day, guild, general.id, "abcd/efgh/ijkl/mnop", 50, started)
        )
        attempt = opened.attempt.id
        word = [("word", Verdict.ACCEPTED, 2)]
        assert await storage.add_daily_guesses(attempt, word, started + 30)
        await storage.finish_daily(attempt, started + DAILY_SECONDS)
    finally:
        await storage.close()
    return day_number(day)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("step", STEPS)
async def test_an_end_of_day_post_owed_across_a_kill_appears_once(
    engine: str, step: str, standin: StandIn, tmp_path: Path
) -> None:
    def posts() -> list[str]:
        return [m.content for m in standin.messages("general") if "the day is over" in m.content]

    async with database(engine, tmp_path) as target:
        number = await yesterday_played(standin, target)
        await kill_at(step, standin, target, tmp_path, posts, before=GATEWAY)
        post = await delivered_once(step, standin, target, tmp_path, posts)
        assert f"#{number}**" in post and "**1.** Alice" in post
        assert await target.rows("SELECT day FROM daily_posts") == [
            (last_ended_day(time.time(), UTC, DAILY_POST_DELAY).isoformat(),)
        ]
