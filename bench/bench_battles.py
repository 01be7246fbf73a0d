"""Benchmark of server battles: ``/battle`` over 10,000 servers x 30 days.

The data is bulk-imported and the battle tables built by migration 0013's own backfill, then
ANALYZEd. The baseline sums the week's top ten straight from the daily attempts, in the same run
on the same data. Target: ``/battle`` under 50 ms (median) on both engines.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from load_databases import add_engine_options, batches, chosen_engines  # noqa: E402
from report_table import Table, yes  # noqa: E402

from bot.battles.service import BattleService  # noqa: E402
from bot.server_settings.service import ServerSettingsService  # noqa: E402
from bot.storage.records import DailyAttemptRow, Record, ServerDefaults  # noqa: E402
from bot.stores import Storage  # noqa: E402
from core.battles import week_start  # noqa: E402
from core.daily import day_number  # noqa: E402

TODAY = date(2026, 11, 29)  # a Sunday
NOW = datetime(2026, 11, 29, 19, tzinfo=UTC).timestamp()
TARGET_MS = 50.0
BATCH = 20_000
SCHEMA = "bench_battles"
BASELINE_SQL = """
SELECT guild_id, SUM(points) AS points FROM (
    SELECT a.guild_id, a.points,
           ROW_NUMBER() OVER (PARTITION BY a.guild_id, a.day ORDER BY a.points DESC) AS place
    FROM daily_attempts AS a
    JOIN server_settings AS s ON s.guild_id = a.guild_id AND s.battles = 1
    WHERE a.language = 'en' AND a.day >= '{first}' AND a.day <= '{last}'
      AND a.finished_at IS NOT NULL AND a.flagged = 0
) AS ranked WHERE place <= 5 GROUP BY guild_id ORDER BY points DESC, guild_id LIMIT 10
"""


def records(servers: int, days: int, players: int, seed: int) -> list[list[Record]]:
    """Every server (taking part) and its attempts, in import batches."""
    rng = random.Random(seed)
    settings: list[Record] = [
        ServerDefaults(g, None, None, None, None, None, None, 0, "en", "full", None,
                       battles=1, guild_name=f"Server {g}")
        for g in range(1, servers + 1)
    ]  # fmt: skip
    attempts: list[Record] = []
    n = 0
    for back in range(days):
        day = TODAY - timedelta(days=back)
        started = NOW - back * 86400 - 3600
        for guild in range(1, servers + 1):
            for seat in range(rng.randint(1, players)):
                n += 1
                points = rng.randint(0, 120)
                attempts.append(
                    DailyAttemptRow(n, guild * 100 + seat, "en", day.isoformat(), day_number(day),
                                    guild, guild, "abcd/efgh/ijkl/mnop", 300, 180, started,
                                    started + 180, points, points // 3, int(rng.random() < 0.05))
                )  # fmt: skip
    everything = [settings, attempts]
    return [rows[i : i + BATCH] for rows in everything for i in range(0, len(rows), BATCH)]


def backfill(engine: str) -> list[str]:
    """Migration 0013's statements that build the battle tables from the attempts."""
    sql = (REPO / "migrations" / engine / "0013_server_battles.sql").read_text()
    body = sql.split("-- The attempts finished before this migration")[1]
    return [s[s.index("INSERT") :] for s in body.split(";") if "INSERT" in s]


async def median_ms(call: Callable[[], Awaitable[Any]], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def engine_run(name: str, args: argparse.Namespace, groups: list[list[Record]]) -> bool:
    execute: Callable[[str], Awaitable[object]]
    fetch: Callable[[str], Awaitable[object]]
    close: Callable[[], Awaitable[object]]
    if name == "sqlite":
        import sqlite3
        import tempfile

        target = str(Path(tempfile.mkdtemp(prefix="bench-battles-")) / "boggle.sqlite3")
        db = sqlite3.connect(target, isolation_level=None)

        async def execute(sql: str) -> object:
            return db.execute(sql)

        async def fetch(sql: str) -> object:
            return db.execute(sql).fetchall()

        async def close() -> object:
            db.close()
            return None

        analyze = "ANALYZE"
    else:
        import asyncpg

        conn = await asyncpg.connect(args.postgres)
        await conn.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
        await conn.execute(f"SET search_path = {SCHEMA}")
        sep = "&" if "?" in args.postgres else "?"
        target = f"{args.postgres}{sep}search_path={SCHEMA}"
        execute, fetch = conn.execute, conn.fetch
        close = conn.close
        analyze = "VACUUM ANALYZE"
    store = await Storage.open(target)
    try:
        start = time.perf_counter()
        await store.import_records(batches(groups))
        for statement in backfill(name):
            await execute(statement)
        await execute(analyze)
        print(f"{name}: filled in {time.perf_counter() - start:.1f} s", flush=True)
        battles = BattleService(store, ServerSettingsService(store), lambda: NOW)
        guild = args.servers // 2
        week = await battles.week(guild, f"Server {guild}", "en")
        assert len(week.table) == 10 and week.place is not None and week.history, week
        monday = week_start(TODAY)
        ours = {
            "/battle (BattleService.week)": await median_ms(
                lambda: battles.week(guild, f"Server {guild}", "en"), args.runs
            ),
            "end-of-day place (day_place)": await median_ms(
                lambda: battles.day_place(guild, "en", TODAY), args.runs
            ),
            "a finish (refresh_battle_day)": await median_ms(
                lambda: store.refresh_battle_day(guild, "en", TODAY, monday), args.runs
            ),
        }
        baseline_sql = BASELINE_SQL.format(first=monday, last=TODAY)
        base = await median_ms(lambda: fetch(baseline_sql), max(3, args.runs // 5))
    finally:
        await store.close()
        await close()
    table = Table()
    met = True
    for key, ms in ours.items():
        ok = ms < TARGET_MS
        met &= ok
        table.add(
            key,
            f"{ms:.1f} ms",
            f"{base:.1f} ms",
            f"{base / ms:.0f}x",
            f"< {TARGET_MS:.0f} ms",
            yes(ok),
        )
    attempts = sum(len(g) for g in groups) - args.servers
    print(f"\n{name}: {args.servers:,} servers x {args.days} days, {attempts:,} attempts")
    print("(baseline: the week's top ten summed from daily_attempts)")
    table.print()
    return met


async def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--servers", type=int, default=10_000)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--players", type=int, default=6)
    add_engine_options(parser)
    args = parser.parse_args()
    engines = chosen_engines(args)
    if engines is None:
        return 2
    groups = records(args.servers, args.days, args.players, args.seed)
    met = [await engine_run(name, args, groups) for name in engines]
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
