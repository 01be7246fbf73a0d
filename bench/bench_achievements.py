"""What achievement checks add to a round's end, and to a guess's path, on each engine.

A round's end: ``AchievementService.round_ended`` (the pure rules, the server's time zone, the
players' totals and held tiers, and the award's write when something is new) for a classic round
on a real 4x4 board (its whole solution scored), p50/p99 over ``--rounds`` rounds, against the
round's own finish (``finish_round``, the baseline) measured in the same run on the same database.
The players: 4 a round drawn from a server's pool of ``--pool``, each finding 3 to 12 of the
board's words, so that first words, round and word counts and the rest are earned along the way
as in a server's first weeks (the rounds that award something are shown apart, and the award's
write in them: one commit, which costs what the disk's sync costs, as the finish's does; the
check less that write is the reads and the rules; its CPU time in this process, the event loop's
and the SQLite thread's, is what a machine shared with other work does not inflate). A guess's
path: the listeners the achievements add to the events a guess publishes (StandingsChanged,
GuessesJudged): counted, they must be none.

    .venv/bin/python bench/bench_achievements.py [--engine sqlite|postgres|both] [--rounds 300]
        [--pool 40] [--seed 1] [--postgres URL]

PostgreSQL runs in a schema of its own on ``--postgres`` (default: ``BOGGLE_TEST_POSTGRES_URL``),
dropped afterwards. Target: the check under 1 ms at p99 on both engines.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from load_databases import SQLITE, add_engine_options, chosen_engines, fresh_database  # noqa: E402
from report_table import Table, percentile, yes  # noqa: E402

from bot.achievements.service import AchievementService  # noqa: E402
from bot.kernel.events import EventBus  # noqa: E402
from bot.rounds.events import GuessesJudged, RoundEnded, StandingsChanged  # noqa: E402
from bot.rounds.view import RoundView  # noqa: E402
from bot.server_settings.service import ServerSettingsService  # noqa: E402
from bot.stores import Storage  # noqa: E402
from core.board import Board  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Mode, Round, Rules  # noqa: E402

WORDS_FILE = REPO / "data" / "words" / "en.txt"
BOARD = Board.parse("seta/lrin/gtae/dsqu")
PLAYERS = 4
GUILD = 1
TARGET_MS = 1.0


@dataclass
class Times:
    """What the rounds took, in ms: each round's finish, its check and the part of the check
    that was the award's write (one commit, like the finish's; 0 where nothing was new)."""

    finish: list[float] = field(default_factory=list)
    check: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)  # the check's CPU time in this process
    write: list[float] = field(default_factory=list)
    listeners: int = 0
    award_ms: float = 0.0  # the award's write in the round being checked

    @property
    def awarding(self) -> list[float]:
        """The check in the rounds that wrote an award."""
        return [c for c, w in zip(self.check, self.write, strict=True) if w]

    @property
    def writes(self) -> list[float]:
        return [w for w in self.write if w]

    @property
    def without_writes(self) -> list[float]:
        """The check of every round less its write: the reads and the rules."""
        return [c - w for c, w in zip(self.check, self.write, strict=True)]


async def engine_run(spec: str, args: argparse.Namespace, lexicon: Lexicon, tmp: Path) -> bool:
    """The rounds on one engine's fresh database; whether the target is met."""
    async with fresh_database(spec, tmp, 0) as database:
        storage = await Storage.open(database)
        try:
            times = await play(storage, args, lexicon)
        finally:
            await storage.close()
    check, finish = times.check, times.finish
    p99 = percentile(check, 0.99)
    table = Table()
    table.add("finish_round, p50 / p99", f"{ms(finish, 0.5)} / {ms(finish, 0.99)} ms")
    table.add(
        "achievement check, p50 / p99",
        f"{ms(check, 0.5)} / {ms(check, 0.99)} ms",
        f"{ms(finish, 0.99)} ms (finish p99)",
        f"{p99 / percentile(finish, 0.99):.2f}x",
        f"p99 < {TARGET_MS:g} ms",
        yes(p99 < TARGET_MS),
    )
    awarding, writes = times.awarding, times.writes
    table.add(
        f"the check in the {len(awarding)} rounds that awarded, p50 / p99",
        f"{ms(awarding, 0.5)} / {ms(awarding, 0.99)} ms" if awarding else "-",
    )
    table.add(
        "  of which the award's write (one commit), p50 / p99",
        f"{ms(writes, 0.5)} / {ms(writes, 0.99)} ms" if writes else "-",
    )
    reads = times.without_writes
    table.add("the check less its write (reads, rules), p50 / p99",
              f"{ms(reads, 0.5)} / {ms(reads, 0.99)} ms")  # fmt: skip
    cpu = times.cpu
    table.add("the check's CPU here (both threads), p50 / p99",
              f"{ms(cpu, 0.5)} / {ms(cpu, 0.99)} ms")  # fmt: skip
    table.add("achievement check, mean", f"{statistics.mean(check):.3f} ms")
    table.add("listeners on a guess's events", f"{times.listeners}", "", "", "0",
              yes(times.listeners == 0))  # fmt: skip
    print(f"\n{'PostgreSQL' if spec != SQLITE else 'SQLite'}: {args.rounds} rounds, {PLAYERS}"
          f" players each from a pool of {args.pool}, classic, 4x4")  # fmt: skip
    table.print()
    return p99 < TARGET_MS and times.listeners == 0


async def play(storage: Storage, args: argparse.Namespace, lexicon: Lexicon) -> Times:
    """The rounds, one after another: each finished, then checked; the times of each."""
    events = EventBus()
    service = AchievementService(storage, ServerSettingsService(storage), events, time.time)
    service.listen()
    times = Times()
    times.listeners = sum(
        len(events._listeners.get(k, [])) for k in (StandingsChanged, GuessesJudged)
    )
    award = storage.award

    async def timed_award(
        guild_id: int, awards: Sequence[tuple[int, str, int]], now: float
    ) -> list[tuple[int, str, int]]:
        started = time.perf_counter()
        try:
            return await award(guild_id, awards, now)
        finally:
            times.award_ms += (time.perf_counter() - started) * 1000

    setattr(storage, "award", timed_award)  # noqa: B010 (the write is timed apart)
    rng = random.Random(args.seed)
    pool = [100 + p for p in range(args.pool)]
    words = sorted(Round.start(BOARD, lexicon, Rules(Mode.CLASSIC), 0.0).solution)
    for n in range(args.rounds):
        game = Round.start(BOARD, lexicon, Rules(Mode.CLASSIC), 0.0)
        players = rng.sample(pool, PLAYERS)
        for player in players:
            for word in rng.sample(words, rng.randint(3, 12)):
                game.restore(player, word, 0.0)
        results = game.results()
        stored = await storage.create_round(
            guild_id=GUILD, channel_id=n + 10, starter_id=players[0], board=BOARD, dice="new",
            mode=Mode.CLASSIC, min_length=3, started_at=0.0, deadline=1.0,
        )  # fmt: skip
        names = {p: f"P{p}" for p in players}
        t0 = time.perf_counter()
        await storage.finish_round(stored.id, results, 2.0, names)
        t1, c1 = time.perf_counter(), time.process_time()
        view = RoundView(stored.id, GUILD, n + 10, players[0], "en", BOARD, game.rules, 1.0,
                         None, game, names)  # fmt: skip
        times.award_ms = 0.0
        await service.round_ended(RoundEnded(view, results, names))
        t2, c2 = time.perf_counter(), time.process_time()
        times.finish.append((t1 - t0) * 1000)
        times.check.append((t2 - t1) * 1000)
        times.cpu.append((c2 - c1) * 1000)
        times.write.append(times.award_ms)
    return times


def ms(values: list[float], share: float) -> str:
    return f"{percentile(values, share):.3f}" if values else "-"


async def main(args: argparse.Namespace) -> int:
    engines = chosen_engines(args)
    if engines is None:
        return 2
    with tempfile.TemporaryDirectory(prefix="bench-achievements-") as folder:
        tmp = Path(folder)
        lexicon = await asyncio.to_thread(load, WORDS_FILE, tmp)
        specs = [SQLITE if e == "sqlite" else args.postgres for e in engines]
        met = [await engine_run(spec, args, lexicon, tmp) for spec in specs]
    return 0 if all(met) else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_engine_options(parser)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--pool", type=int, default=40, help="the server's players")
    sys.exit(asyncio.run(main(parser.parse_args())))
