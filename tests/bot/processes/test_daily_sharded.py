"""The daily board's end-of-day post with the shards split across real ``python -m bot``
processes on one database: each server's ended day is posted once, by the process that owns the
server's shard, in the server's language; a process started later on all the shards finds them
posted and posts nothing again."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC
from pathlib import Path

from bot.daily.model import DailyOpening
from bot.server_settings.model import ServerSettings
from bot.stores import Storage
from core.daily import DAILY_POST_DELAY, DAILY_SECONDS, day_number
from core.days import last_ended_day
from core.round import Verdict
from standin import StandIn, World
from tests.bot.harness import saying
from tests.bot.processes.test_sharded_processes import SHARDS, processes, shared_database  # noqa: F401 (a fixture)

PLAYERS = "alice", "bob"  # by shard
POSTED = "the day is over", "la journée est finie"  # shard 1's server speaks French
ENGLISH = "English", "anglais"  # the board's language, as each server's readers name it


async def seed(database: str, standin: StandIn) -> list[int]:
    """The day the post is due for (yesterday in UTC, once the post's delay after midnight is
    over) in each shard's server: a daily channel, a finished attempt (alice's in shard 0, bob's
    in shard 1: one attempt a day each); the server of shard 1 speaks French. The ``#general``
    channel ids, shard by shard."""
    now = time.time()
    yesterday = last_ended_day(now, UTC, DAILY_POST_DELAY)
    storage = await Storage.open(database)
    generals = []
    try:
        for shard in range(SHARDS):
            general = standin.channel_in(f"Shard {shard}", "general")
            guild = standin.world.channels[general].guild_id
            assert guild is not None
            generals.append(general)
            if shard == 1:
                await storage.save_defaults(guild, ServerSettings(language="fr"))
            await storage.set_daily_channel(guild, general)
            player = standin.user(PLAYERS[shard]).id
            await storage.remember_names(guild, {player: PLAYERS[shard].title()})
            started = now - 86400
            opened = await storage.start_daily(
                DailyOpening(
                    player_id=player,
                    language="en",
                    day=yesterday,
                    guild_id=guild,
                    channel_id=general,
                    board="abcd/efgh/ijkl/mnop",
                    max_points=50,
                    started_at=started,
                )
            )
            attempt = opened.attempt.id
            word = [("word", Verdict.ACCEPTED, 2)]
            assert await storage.add_daily_guesses(attempt, word, started + 30)
            await storage.finish_daily(attempt, started + DAILY_SECONDS)
    finally:
        await storage.close()
    return generals


async def test_each_servers_end_of_day_post_comes_once_with_the_shards_split(
    tmp_path: Path,
    shared_database: str,  # noqa: F811
) -> None:
    async with (
        StandIn(World.sharded(SHARDS)) as standin,
        processes(standin, shared_database, tmp_path) as (bots, start),
    ):
        generals = await seed(shared_database, standin)
        number = day_number(last_ended_day(time.time(), UTC, DAILY_POST_DELAY))
        first, second = await start("0"), await start("1")
        for shard, general in enumerate(generals):
            await standin.wait_for_connection(30, shard=(shard, SHARDS))
            post = await standin.wait_for_message(general, saying(POSTED[shard]), 30, after=0)
            assert f"{number}** · {ENGLISH[shard]} · " in post.content
            assert f"**1.** {PLAYERS[shard].title()}" in post.content
        for bot in (first, second):
            assert await bot.stop() == 0, str(bot.log)

        alone = await start(None)
        await standin.wait_for_connection(30, shard=(0, 1))
        await asyncio.sleep(2.0)  # its first pass runs as soon as it is ready
        assert [len(standin.messages(general)) for general in generals] == [1, 1]
        assert await alone.stop() == 0, str(alone.log)
        assert not any("Traceback" in str(bot.log) for bot in bots)
