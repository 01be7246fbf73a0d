"""The end-of-day posts on the outbox, through the stand-in: a server whose post is slow and
then refused by a Discord outage holds back no other server's, and its post is not lost: it is
tried again and appears once."""

from __future__ import annotations

from datetime import UTC, date
from pathlib import Path

from bot.daily.model import DailyOpening
from bot.stores import Storage
from core.daily import DAILY_SECONDS
from core.lexicon import Lexicon
from core.round import Verdict
from standin import StandIn
from tests.bot.daily_helpers import at, set_time
from tests.bot.harness import Clock, bot_session, saying

OVER = "the day is over"
MESSAGES = "POST /channels/{channel_id}/messages"
HELD = 3.0  # seconds the first server's post is held before Discord answers 503


async def played(storage: Storage, guild: int, channel: int, player: int, day: date) -> None:
    """The server posts its days in ``channel``; ``player`` finished the day's board there."""
    await storage.set_daily_channel(guild, channel)
    await storage.remember_names(guild, {player: "Alice"})
    started = at(day.year, day.month, day.day, 12, 0, UTC).timestamp()
    opened = await storage.start_daily(
        DailyOpening(player, "en", day, guild, channel, "abcd/efgh/ijkl/mnop", 50, started)
    )
    attempt = opened.attempt.id
    assert await storage.add_daily_guesses(attempt, [("word", Verdict.ACCEPTED, 2)], started + 30)
    await storage.finish_daily(attempt, started + DAILY_SECONDS)


async def test_a_failing_post_holds_back_no_other_server_and_is_not_lost(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    other = standin.world.add_play_guild("Other")  # a second server, before the bot connects
    first, second = (
        standin.channel_in("Sandbox", "general"),
        standin.channel_in(other.id, "general"),
    )
    sandbox = standin.channel(first).guild_id
    assert sandbox is not None and sandbox < other.id  # the first server is looked at first
    day = date(2026, 5, 20)
    set_time(clock, at(2026, 5, 20, 13, 0, UTC))
    storage = await Storage.open(str(database))
    try:
        await played(storage, sandbox, first, standin.user("alice").id, day)
        await played(storage, other.id, second, standin.user("bob").id, day)
    finally:
        await storage.close()
    async with bot_session(standin, database, clock, lexicon) as game:
        route = f"POST /channels/{first}/messages"
        standin.faults.slow(route, HELD, times=1)
        standin.faults.server_error(route, times=1, status=503)  # not retried by discord.py

        set_time(clock, at(2026, 5, 21, 0, 4, UTC))
        await standin.wait_for_message(second, saying(OVER), timeout=HELD - 1, after=0)
        assert standin.messages(first) == []  # still held
        await standin.wait_for_message(first, saying(OVER), timeout=HELD + 10, after=0)
        await game.services.scheduler.caught_up()
        assert [len(standin.messages(c)) for c in (first, second)] == [1, 1]
        tries = [c for c in standin.calls_to(MESSAGES) if c.path == f"/channels/{first}/messages"]
        assert [c.status for c in tries] == [503, 200]
        assert tries[0].json["nonce"] == tries[1].json["nonce"]
