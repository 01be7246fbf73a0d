"""Server battles with the shards split across two ``python -m bot`` processes on one PostgreSQL.

``/battle`` through either process shows the same table, exact against a sum worked out here
from the stored attempts.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from datetime import UTC, timedelta
from fractions import Fraction
from pathlib import Path

import asyncpg

from bot.battles.model import BattleEntry
from bot.daily.model import DailyOpening
from bot.stores import Storage
from core.daily import DAILY_POST_DELAY
from core.days import last_ended_day, local_date
from core.round import Verdict
from standin import StandIn, World
from tests.bot.processes.test_sharded_processes import SHARDS, processes
from tests.postgres import fresh_postgres_url

OUTSIDER = 987654321  # a server with more points than any, that never opted in
LINE = re.compile(r"\*\*(\d+)\.\*\* (.+): \*\*([\d.]+)\*\*$")


async def unfinished(
    storage: Storage, guild: int, player: int, day: object, points: int, flagged: bool = False
) -> None:
    """An attempt whose three minutes are over but which nobody finished (its process died):
    the process that owns the server finishes it at its start."""
    started = time.time() - 400 - player % 50
    opened = await storage.start_daily(
        DailyOpening(
            player_id=player,
            language="en",
            day=day,  # type: ignore[arg-type]
            guild_id=guild,
            channel_id=guild,
            board="abcd/efgh/ijkl/mnop",
            max_points=500,
            started_at=started,
        )
    )
    if flagged:  # six long words a second after the board showed: no one types that fast
        words = [(f"{'x' * 9}{n}", Verdict.ACCEPTED, points if n == 0 else 0) for n in range(6)]
        assert await storage.add_daily_guesses(opened.attempt.id, words, started + 1)
    else:
        word = [(f"w{player}", Verdict.ACCEPTED, points)]
        assert await storage.add_daily_guesses(opened.attempt.id, word, started + 60)


async def expected_week(url: str, monday: str, sunday: str) -> dict[int, Fraction]:
    """Each server's week worked out from the stored rows: per day the mean of its best five
    fair attempts (missing players as zero), added up."""
    from urllib.parse import parse_qsl, urlsplit

    schema = dict(parse_qsl(urlsplit(url).query))["search_path"]
    connection = await asyncpg.connect(url.split("?")[0], server_settings={"search_path": schema})
    try:
        rows = await connection.fetch(
            "SELECT guild_id, day, points FROM daily_attempts WHERE finished_at IS NOT NULL"
            " AND flagged = 0 AND day BETWEEN $1 AND $2",
            monday,
            sunday,
        )
    finally:
        await connection.close()
    days: dict[tuple[int, str], list[int]] = defaultdict(list)
    for row in rows:
        days[(row["guild_id"], row["day"])].append(row["points"])
    week: dict[int, Fraction] = defaultdict(Fraction)
    for (guild, _), points in days.items():
        week[guild] += Fraction(sum(sorted(points, reverse=True)[:5]), 5)
    return dict(week)


async def test_two_processes_show_one_exact_battle_table(tmp_path: Path) -> None:
    async with (
        fresh_postgres_url() as url,
        StandIn(World.sharded(SHARDS)) as standin,
        processes(standin, url, tmp_path) as (bots, start),
    ):
        now = time.time()
        today, yesterday = local_date(now, UTC), last_ended_day(now, UTC, DAILY_POST_DELAY)
        monday = today - timedelta(days=today.weekday())
        channels = [standin.channel_in(f"Shard {shard}", "general") for shard in range(SHARDS)]
        guilds = [standin.world.channels[c].guild_id or 0 for c in channels]
        storage = await Storage.open(url)
        try:
            # Shard 0's server opted in before (named); shard 1's opts in below, by its command.
            await storage.set_battle_entry(guilds[0], BattleEntry(True, "Zero Heroes", "Shard 0"))
            await storage.set_daily_channel(guilds[0], channels[0])
            await storage.remember_names(guilds[0], {1: "Ann", 4: "Bo"})
            for player, points in zip(range(1, 8), (30, 7, 12, 50, 3, 21, 44), strict=True):
                await unfinished(storage, guilds[0], player, today, points)
            await unfinished(storage, guilds[0], 9, today, 400, flagged=True)
            await unfinished(storage, guilds[0], 10, yesterday, 17)
            for player, points in ((20, 60), (21, 41), (22, 33)):  # three players only
                await unfinished(storage, guilds[1], player, today, points)
            for player in range(30, 36):
                await unfinished(storage, OUTSIDER, player, today, 90)
                await unfinished(storage, OUTSIDER, player + 10, yesterday, 90)
        finally:
            await storage.close()

        first, second = await start("0"), await start("1")
        for shard in range(SHARDS):
            await standin.wait_for_connection(30, shard=(shard, SHARDS))
        owner = standin.world.guilds[guilds[1]].owner_id
        handle = await standin.slash(channels[1], owner, "boggle-config battles", {"state": "on"})
        answer = await handle.followup(timeout=15)
        assert "takes part in server battles as **Shard 1**" in answer.content, answer.content

        tables = []
        for channel in channels:  # each through its own server's process
            handle = await standin.slash(channel, "carol", "battle", {})
            shown = (await handle.followup(timeout=15)).content
            tables.append(shown)
            assert "Monday to Sunday (UTC)" in shown and "987654321" not in shown
        listed = [
            [LINE.search(line).groups() for line in shown.splitlines() if LINE.search(line)]  # type: ignore[union-attr]
            for shown in tables
        ]
        assert listed[0] == listed[1]
        expected = await expected_week(url, monday.isoformat(), (monday + timedelta(6)).isoformat())
        before = 17 if yesterday >= monday else 0  # yesterday's player, if in this week
        # The flagged 400 left out; the second server's two missing players count as zero.
        assert expected[guilds[0]] == Fraction(50 + 44 + 30 + 21 + 12 + before, 5)
        assert expected[guilds[1]] == Fraction(60 + 41 + 33, 5)
        assert [(p, n, Fraction(s)) for p, n, s in listed[0]] == [
            ("1", "Zero Heroes", expected[guilds[0]]),
            ("2", "Shard 1", expected[guilds[1]]),
        ]
        assert "Zero Heroes** is #1 of 2 servers" in tables[0]
        assert (
            "Its best players: Bo 10 (1 day), player 7 8.8 (1 day), Ann 6 (1 day), player 6 4.2"
            in tables[0]
        )

        post = await standin.wait_for_message(
            channels[0], lambda m: "the day is over" in m.content, 30, after=0
        )
        assert "⚔️ Server battle: #1 of 1 server on this board (3.4)" in post.content
        for bot in (first, second):
            assert await bot.stop() == 0, str(bot.log)
        assert not any("Traceback" in str(bot.log) for bot in bots)
