"""What the outbox costs a round, on each engine: its rows, and its time in the finish and after.

A round's finish owes its results post in its own transaction: finishes with the post owed
alternate with finishes owing nothing, on the same database (warm-up rounds apart). Then the
sender's side, a post at a time as the bot delivers it: the channel's owed posts read, the post
marked sent (a commit of its own). Rows: the outbox's rows a round (kept 7 days, then pruned).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from load_databases import SQLITE, add_engine_options, chosen_engines, fresh_storage  # noqa: E402
from report_table import Table, percentile  # noqa: E402

from bot.rounds.settling import results_owed  # noqa: E402
from bot.stores import Storage  # noqa: E402
from core.board import Board  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Mode, Round, Rules  # noqa: E402

WORDS_FILE = REPO / "data" / "words" / "en.txt"
BOARD = Board.parse("seta/lrin/gtae/dsqu")
PLAYERS = 4
GUILD = 1


@dataclass
class Times:
    """What each part took, in ms."""

    bare: list[float] = field(default_factory=list)  # a finish owing nothing
    owing: list[float] = field(default_factory=list)  # a finish owing its results
    read: list[float] = field(default_factory=list)  # the channel's owed posts read
    sent: list[float] = field(default_factory=list)  # the post marked sent
    rows: int = 0


def ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share):.3f}"


async def play(storage: Storage, args: argparse.Namespace, lexicon: Lexicon) -> Times:
    """The rounds, a finish owing nothing then one owing its results (delivered at once)."""
    times = Times()
    rng = random.Random(args.seed)
    words = sorted(Round.start(BOARD, lexicon, Rules(Mode.CLASSIC), 0.0).solution)
    for n in range(2 * (args.warmup + args.rounds)):
        game = Round.start(BOARD, lexicon, Rules(Mode.CLASSIC), 0.0)
        players = [100 + p for p in rng.sample(range(40), PLAYERS)]
        for player in players:
            for word in rng.sample(words, rng.randint(3, 12)):
                game.restore(player, word, 0.0)
        stored = await storage.create_round(
            guild_id=GUILD, channel_id=n + 10, starter_id=players[0], board=BOARD, dice="new",
            mode=Mode.CLASSIC, min_length=3, started_at=0.0, deadline=1.0,
        )  # fmt: skip
        owing = n % 2 == 1
        owed = [results_owed(stored)] if owing else []
        names = {p: f"P{p}" for p in players}
        t0 = time.perf_counter()
        await storage.finish_round(stored.id, game.results(), 2.0, names, None, owed)
        t1 = time.perf_counter()
        counted = n >= 2 * args.warmup
        if not owing:
            if counted:
                times.bare.append((t1 - t0) * 1000)
            continue
        posts = await storage.channel_posts(stored.channel_id)
        t2 = time.perf_counter()
        await storage.posts_sent([posts[0].id], time.time())
        t3 = time.perf_counter()
        if counted:
            times.owing.append((t1 - t0) * 1000)
            times.read.append((t2 - t1) * 1000)
            times.sent.append((t3 - t2) * 1000)
    rows = await storage._fetch("SELECT COUNT(*) AS n FROM outbox")
    times.rows = int(rows[0]["n"])
    return times


async def engine_run(spec: str, args: argparse.Namespace, lexicon: Lexicon, tmp: Path) -> None:
    async with fresh_storage(spec, tmp) as storage:
        times = await play(storage, args, lexicon)
    bare, owing = times.bare, times.owing
    table = Table()
    table.add("finish owing nothing, p50 / p99", f"{ms(bare, 0.5)} / {ms(bare, 0.99)} ms")
    table.add(
        "finish owing its results, p50 / p99",
        f"{ms(owing, 0.5)} / {ms(owing, 0.99)} ms",
        f"{ms(bare, 0.5)} / {ms(bare, 0.99)} ms",
        f"{percentile(owing, 0.5) / percentile(bare, 0.5):.2f}x"
        f" / {percentile(owing, 0.99) / percentile(bare, 0.99):.2f}x",
    )
    table.add("the owed post read, p50 / p99", f"{ms(times.read, 0.5)} / {ms(times.read, 0.99)} ms")
    table.add("marked sent, p50 / p99", f"{ms(times.sent, 0.5)} / {ms(times.sent, 0.99)} ms")
    rounds = args.warmup + args.rounds
    table.add("outbox rows a round (results)", f"{times.rows / rounds:.2f}")
    engine = "PostgreSQL" if spec != SQLITE else "SQLite"
    print(f"\n{engine}: {args.rounds} rounds each way after {args.warmup}, {PLAYERS} players, 4x4")
    table.print()


async def main(args: argparse.Namespace) -> int:
    engines = chosen_engines(args)
    if engines is None:
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-outbox-") as folder:
        tmp = Path(folder)
        lexicon = await asyncio.to_thread(load, WORDS_FILE, tmp)
        for engine in engines:
            await engine_run(SQLITE if engine == "sqlite" else args.postgres, args, lexicon, tmp)
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_engine_options(parser)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=50, help="rounds each way not counted")
    sys.exit(asyncio.run(main(parser.parse_args())))
