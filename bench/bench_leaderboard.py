"""Benchmark of /leaderboard's queries: one page of each measure over each period.

One server with ``--rounds`` rounds over the year before "now" (a month's last evening, so "this
month" is whole), bulk-imported and ANALYZEd, as a live database is. The baseline, on the same
data: migration 0003's plain index, and all time summed from every result. Target: under 50 ms
(median) for every measure and period.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from load_databases import add_engine_options, batches, chosen_engines  # noqa: E402
from report_table import Table, yes  # noqa: E402

from bot.rounds.model import RoundState  # noqa: E402
from bot.standings.model import LeaderboardQuery, Measure  # noqa: E402
from bot.storage.records import LoggedGuess, PlayerName, PlayerResult, Record, RoundRow  # noqa: E402
from bot.stores import Storage  # noqa: E402
from core.periods import Period, period_start  # noqa: E402
from core.round import Mode  # noqa: E402

if TYPE_CHECKING:
    import asyncpg  # imported where it runs: the SQLite-only run needs no driver

GUILD = 1
NOW = 1_796_079_600.0  # 2026-11-30 23:00 UTC
YEAR = 365 * 86400
TARGET_MS = 50.0
BOARD = "cato/dogs/rent/lime"
WORDS = ["cat", "cats", "dogs", "rental", "lime", "mile", "tangle", "net", "catalog", "mental"]
BATCH = 20_000
SCHEMA = "bench_leaderboard"
# The baseline's schema: 0003's index in place of 0004's.
PLAIN_INDEX = (
    "DROP INDEX round_results_by_period",
    "CREATE INDEX round_results_by_period ON round_results (guild_id, ended_at)",
)


def records(rounds: int, guesses: int, players: int, seed: int) -> list[list[Record]]:
    """The server's history as the bot stores it, in import batches (parents first)."""
    rng = random.Random(seed)
    round_rows: list[Record] = []
    result_rows: list[Record] = []
    for n in range(1, rounds + 1):
        ended = NOW - YEAR + YEAR * n / rounds
        mode = (Mode.CLASSIC, Mode.RACE, Mode.CASUAL)[n % 3]
        round_rows.append(
            RoundRow(n, GUILD, 10, 7, BOARD, "classic", 4, mode, 3, ended - 180, ended,
                     RoundState.FINISHED, ended, None, None, ended, 180, "", 0, "en", "full",
                     None, "standard", None)
        )  # fmt: skip
        seats = rng.sample(range(1, players + 1), 3)
        scores = sorted((rng.randint(0, 60) for _ in seats), reverse=True)
        for rank, (player, points) in enumerate(zip(seats, scores, strict=True), 1):
            word = rng.choice(WORDS) if points else None
            won = int(rank == 1 and points > 0)
            result_rows.append(
                PlayerResult(n, GUILD, player, points, points // 2, rank, 0, ended, 120, word, won)
            )
    guess_rows: list[Record] = [
        LoggedGuess(g, 1 + g % rounds, 1 + g % players, rng.choice(WORDS), "accepted", 1, NOW)
        for g in range(1, guesses + 1)
    ]
    names: list[Record] = [PlayerName(GUILD, p, f"Player {p}", NOW) for p in range(1, players + 1)]
    everything = [round_rows, guess_rows, result_rows, names]
    return [rows[i : i + BATCH] for rows in everything for i in range(0, len(rows), BATCH)]


async def fill(store: Storage, groups: list[list[Record]], raw: Raw) -> None:
    """Import, then the standings as finish_round keeps them (summed once here), then ANALYZE."""
    await store.import_records(batches(groups))
    await raw.execute(
        "INSERT INTO standings (guild_id, user_id, points, rounds, words, wins, best,"
        " longest_word, share_sum, share_rounds)"
        " SELECT guild_id, player_id, SUM(points), COUNT(*), SUM(words), SUM(won), MAX(points),"
        " MAX(longest_word), SUM(CAST(points AS DOUBLE PRECISION) / max_points), COUNT(*)"
        " FROM round_results GROUP BY guild_id, player_id"
    )
    await raw.analyze()


class Raw:
    """Statements beside the storage: filling standings, ANALYZE, swapping the index."""

    async def execute(self, sql: str) -> None:
        raise NotImplementedError

    async def analyze(self) -> None:
        raise NotImplementedError

    async def close(self) -> None:
        """Nothing to close by default."""


class SQLiteRaw(Raw):
    def __init__(self, path: Path) -> None:
        import sqlite3

        self.db = sqlite3.connect(path, isolation_level=None)

    async def execute(self, sql: str) -> None:
        self.db.execute(sql)

    async def analyze(self) -> None:
        self.db.execute("ANALYZE")

    async def close(self) -> None:
        self.db.close()


class PostgresRaw(Raw):
    def __init__(self, conn: asyncpg.Connection[asyncpg.Record]) -> None:
        self.conn = conn

    async def execute(self, sql: str) -> None:
        await self.conn.execute(sql)

    async def analyze(self) -> None:
        await self.conn.execute("VACUUM ANALYZE")

    async def close(self) -> None:
        await self.conn.close()


async def timings(store: Storage, runs: int, all_time_from_results: bool) -> dict[str, float]:
    """Median ms of each measure x period; the caller is a player in the middle of the board."""
    out: dict[str, float] = {}
    for period in Period:
        since = period_start(period, NOW)
        if since is None and all_time_from_results:
            since = 0.0  # every result, summed
        for measure in Measure:
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                page = await store.leaderboard_page(
                    LeaderboardQuery(GUILD, measure, since, 0, 500, 10, until=NOW)
                )
                times.append((time.perf_counter() - start) * 1000)
            assert page.rows, (period, measure)
            out[f"{measure} · {period}"] = statistics.median(times)
    return out


async def engine_run(name: str, args: argparse.Namespace, groups: list[list[Record]]) -> bool:
    if name == "sqlite":
        import tempfile

        folder = Path(tempfile.mkdtemp(prefix="bench-leaderboard-"))
        target: str = str(folder / "boggle.sqlite3")
        store = await Storage.open(target)
        raw: Raw = SQLiteRaw(Path(target))
    else:
        import asyncpg

        conn = await asyncpg.connect(args.postgres)
        await conn.execute(f"DROP SCHEMA IF EXISTS {SCHEMA} CASCADE; CREATE SCHEMA {SCHEMA}")
        await conn.execute(f"SET search_path = {SCHEMA}")
        sep = "&" if "?" in args.postgres else "?"
        target = f"{args.postgres}{sep}search_path={SCHEMA}"
        store = await Storage.open(target)
        raw = PostgresRaw(conn)
    try:
        start = time.perf_counter()
        await fill(store, groups, raw)
        print(f"{name}: filled in {time.perf_counter() - start:.1f} s", flush=True)
        ours = await timings(store, args.runs, all_time_from_results=False)
        for statement in PLAIN_INDEX:
            await raw.execute(statement)
        await raw.analyze()
        base = await timings(store, args.runs, all_time_from_results=True)
    finally:
        await store.close()
        await raw.close()
    table = Table()
    met = True
    for key, ms in ours.items():
        ok = ms < TARGET_MS
        met &= ok
        ratio = f"{base[key] / ms:.1f}x faster"
        table.add(
            key, f"{ms:.1f} ms", f"{base[key]:.1f} ms", ratio, f"< {TARGET_MS:.0f} ms", yes(ok)
        )
    print(f"\n{name}: {args.rounds:,} rounds, {args.guesses:,} guesses, {args.players:,} players")
    table.print()
    return met


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100_000)
    parser.add_argument("--guesses", type=int, default=1_000_000)
    parser.add_argument("--players", type=int, default=1_000)
    add_engine_options(parser)
    args = parser.parse_args()
    engines = chosen_engines(args)
    if engines is None:
        return 2
    groups = records(args.rounds, args.guesses, args.players, args.seed)
    met = [await engine_run(name, args, groups) for name in engines]
    return 0 if all(met) else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
