"""The world round's service under a crowd: players' guesses and the close, on each engine.

The service-level part of issue 38's bench (no Discord, no stand-in: the words go straight to
``WorldService.guess``, as every front end sends them): ``--players`` players spread over
``--channels`` world channels and ``--processes`` services (each its own storage: a pool of
connections, as a process has), each player guessing ``--words`` words of the board and one non-word
at random moments of ``--seconds`` (the offered rate: players x (words + 1) / seconds). Printed: a guess's time from call to its stored verdict
(p50 / p99), guesses a second, the close's time (every player ranked and stored, every channel's
results owed) against the time of ranking alone in Python, the outbox's rows, and each figure's
ratio to the same run's baseline of one process. ``--achievements``: the close awards the world
rounds' tiers in its transaction, as the bot's does, with no tier known to be held (a process
just started: every player's first world round is due, one insert and one read of the server's
language a server).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from load_databases import SQLITE, add_engine_options, chosen_engines, fresh_database  # noqa: E402
from report_table import Table, percentile  # noqa: E402
from world_standin import through_standin  # noqa: E402

from bot.achievements.service import AchievementService  # noqa: E402
from bot.kernel.events import EventBus  # noqa: E402
from bot.kernel.lexicons import Lexicons  # noqa: E402
from bot.kernel.outbox import Outbox, Owed  # noqa: E402
from bot.kernel.scheduler import Scheduler  # noqa: E402
from bot.server_settings.service import ServerSettingsService  # noqa: E402
from bot.stores import Storage  # noqa: E402
from bot.world.model import RESULTS_POST, WorldChannel, WorldGuessed, owing  # noqa: E402
from bot.world.service import WorldService  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.world import Entry, Rhythm, ranking  # noqa: E402

WORDS_FILE = REPO / "data" / "words" / "en.txt"
RHYTHM = Rhythm(every=180, play=120)
NUMBER = 10_000_000


class Clock:
    """The round's clock: the real elapsed time, from just after the opening."""

    def __init__(self) -> None:
        self.start = time.monotonic()

    def __call__(self) -> float:
        return RHYTHM.opens_at(NUMBER) + 1 + (time.monotonic() - self.start)


@dataclass
class Figures:
    guess_ms: list[float] = field(default_factory=list)
    guesses: int = 0
    seconds: float = 0.0
    close_ms: float = 0.0
    rank_ms: float = 0.0
    ranked: int = 0
    owed: int = 0


async def run(
    spec: str, processes: int, args: argparse.Namespace, lexicon: Lexicon, tmp: Path
) -> Figures:
    figures = Figures()
    async with fresh_database(spec, tmp, processes) as database:
        clock = Clock()
        services: list[WorldService] = []
        storages: list[Storage] = []
        for k in range(processes):
            storage = await Storage.open(database)
            storages.append(storage)
            scheduler = Scheduler(clock)
            outbox = Outbox(storage, scheduler, clock, _shard(k, processes))
            lexicons = Lexicons(loaded={"en": lexicon})
            services.append(
                WorldService(storage, lexicons, scheduler, outbox, clock, outbox.owns, RHYTHM, "s")
            )
        try:
            for c in range(args.channels):
                await services[0].set_channel(WorldChannel(c + 1, 1000 + c, "en"))
            board = await services[0].board("en", NUMBER)
            words = sorted(board.words)
            rng = random.Random(args.seed)
            plan = [
                (p, [*rng.sample(words, min(args.words, len(words))), "zzqx"])
                for p in range(args.players)
            ]
            started = time.perf_counter()

            async def player(p: int, guesses: list[str]) -> None:
                service = services[p % processes]
                guild = p % args.channels + 1
                moments = sorted(rng.uniform(0, args.seconds) for _ in guesses)
                for word, moment in zip(guesses, moments, strict=True):
                    await asyncio.sleep(max(0.0, started + moment - time.perf_counter()))
                    t0 = time.perf_counter()
                    done = await service.guess(p + 1, f"P{p}", "en", guild, 1000 + guild - 1, word)
                    figures.guess_ms.append((time.perf_counter() - t0) * 1000)
                    assert isinstance(done, WorldGuessed), done

            await asyncio.gather(*(player(p, g) for p, g in plan))
            figures.seconds = time.perf_counter() - started
            figures.guesses = len(figures.guess_ms)
            first = storages[0]
            achievements = AchievementService(
                first, ServerSettingsService(first), EventBus(), clock, services[0].outbox
            )
            then = (achievements.world_closing,) if args.achievements else ()
            t0 = time.perf_counter()
            ranked = await first.close_world_round("en", NUMBER, clock(), _owed, then)
            figures.close_ms = (time.perf_counter() - t0) * 1000
            assert ranked is not None
            figures.ranked = len(ranked)
            entries = [Entry(r.player, r.points, r.words, r.last_at) for r in ranked]
            t0 = time.perf_counter()
            ranking(entries)
            figures.rank_ms = (time.perf_counter() - t0) * 1000
            rows = await storages[0]._fetch("SELECT COUNT(*) AS n FROM outbox")
            figures.owed = int(rows[0]["n"])
        finally:
            for service in services:
                await service.writer.close()
            for storage in storages:
                await storage.close()
    return figures


def _shard(k: int, processes: int) -> Callable[[int], bool]:
    """Process ``k``'s servers: a server is owned by one process of ``processes``."""
    return lambda guild: guild % processes == k


def _owed(channels: Sequence[WorldChannel]) -> list[Owed]:
    return owing(RESULTS_POST, "en", NUMBER)(channels)


def report(engine: str, base: Figures, many: Figures, processes: int) -> None:
    table = Table()

    def ms(values: list[float]) -> str:
        return f"{percentile(values, 0.5):.1f} / {percentile(values, 0.99):.1f} ms"

    table.add("a guess, call to stored verdict, p50 / p99", ms(many.guess_ms), ms(base.guess_ms),
              f"{percentile(many.guess_ms, 0.99) / percentile(base.guess_ms, 0.99):.2f}x",
              "p99 < 50 ms")  # fmt: skip
    rate, base_rate = many.guesses / many.seconds, base.guesses / base.seconds
    table.add("guesses a second", f"{rate:.0f}", f"{base_rate:.0f}", f"{rate / base_rate:.2f}x")
    table.add("close: every player ranked, stored, results owed", f"{many.close_ms:.0f} ms",
              f"{many.rank_ms:.1f} ms ranking alone", "", "< 1000 ms")  # fmt: skip
    table.add("players ranked / posts owed", f"{many.ranked} / {many.owed}")
    print(f"\n{engine}: {processes} services against 1 (the baseline), same run")
    table.print()


async def main(args: argparse.Namespace) -> int:
    engines = chosen_engines(args)
    if engines is None:
        return 2
    failed = False
    with tempfile.TemporaryDirectory(prefix="bench-world-") as folder:
        tmp = Path(folder)
        lexicon = await asyncio.to_thread(load, WORDS_FILE, tmp)
        for engine in engines:
            spec = SQLITE if engine == "sqlite" else args.postgres
            if args.standin:
                print(f"bench_world {time.strftime('%Y-%m-%d %H:%M')} ({engine}, load average"
                      f" {' '.join(f'{x:.1f}' for x in os.getloadavg())}): {' '.join(sys.argv)}",
                      flush=True)  # fmt: skip
                met = await through_standin(args, spec, tmp, WORDS_FILE)
                print(f"load average after: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
                failed = failed or not met
                continue
            base = await run(spec, 1, args, lexicon, tmp)
            many = await run(spec, args.processes, args, lexicon, tmp)
            report("PostgreSQL" if engine != "sqlite" else "SQLite", base, many, args.processes)
    return 1 if failed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_engine_options(parser)
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--channels", type=int, default=400)
    parser.add_argument("--words", type=int, default=5, help="words each player guesses")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30.0, help="the guesses spread over")
    parser.add_argument(
        "--achievements", action="store_true", help="the close awards world tiers, as the bot's"
    )
    parser.add_argument(
        "--standin",
        action="store_true",
        help="one round through the stand-in, Discord's limits on, the bot in --processes"
        " processes, --chat players typing and --web pages tracing, --channels servers",
    )
    parser.add_argument("--chat", type=int, default=1000, help="--standin: chat players")
    parser.add_argument("--web", type=int, default=1000, help="--standin: players on pages")
    parser.add_argument(
        "--every", type=int, default=600, help="--standin: BOGGLE_WORLD_EVERY (the next round far)"
    )
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="--standin: each bot process's cProfile over the round, to FILE.<process>",
    )
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    sys.exit(asyncio.run(main(parser.parse_args())))
