"""What achievement checks add to a round's end, and to a guess's path, on each engine.

A round's finish with the check in its transaction against one without, alternating on the same
database; warm-up rounds apart (PostgreSQL plans a new connection's first statements afresh). The
check's CPU time is taken in process, which a shared machine's preemptions do not inflate. A
guess's path must gain no listener. Target: the check under 1 ms at p99 on both engines.
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
from report_table import Table, percentile, yes  # noqa: E402

from bot.achievements.service import AchievementService  # noqa: E402
from bot.kernel.events import EventBus  # noqa: E402
from bot.kernel.outbox import Outbox  # noqa: E402
from bot.kernel.scheduler import Scheduler  # noqa: E402
from bot.rounds.events import (  # noqa: E402
    GuessesJudged,
    RoundEnded,
    RoundStarted,
    StandingsChanged,
)
from bot.rounds.sql import FinishStep  # noqa: E402
from bot.rounds.store import Totals  # noqa: E402
from bot.rounds.view import RoundView  # noqa: E402
from bot.server_settings.service import ServerSettingsService  # noqa: E402
from bot.storage.database import Session  # noqa: E402
from bot.stores import Storage  # noqa: E402
from core.board import Board  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Mode, Results, Round, Rules  # noqa: E402

WORDS_FILE = REPO / "data" / "words" / "en.txt"


def kept_outbox(storage: Storage) -> Outbox:
    """The outbox in the finish's path: lines owed in the finish's transaction, none sent (its
    scheduler never starts), as the bot's cost a round."""
    return Outbox(storage, Scheduler(time.time), time.time, lambda guild: True)


BOARD = Board.parse("seta/lrin/gtae/dsqu")
PLAYERS = 4
GUILD = 1
TARGET_MS = 1.0


@dataclass
class Times:
    """What the rounds took, in ms: the finish without the achievements (the baseline), the
    finish with them, the check inside it (and its CPU time), and the telling after it."""

    baseline: list[float] = field(default_factory=list)
    finish: list[float] = field(default_factory=list)
    check: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    told: list[float] = field(default_factory=list)
    awarded: list[bool] = field(default_factory=list)  # whether each finish earned a tier
    warm_check: list[float] = field(default_factory=list)  # the check in the warm-up rounds
    listeners: int = 0

    def warmed(self, warmup: int) -> None:
        """Set the first ``warmup`` rounds each way apart."""
        self.warm_check = self.check[:warmup]
        for name in ("baseline", "finish", "check", "cpu", "told", "awarded"):
            setattr(self, name, getattr(self, name)[warmup:])


async def engine_run(spec: str, args: argparse.Namespace, lexicon: Lexicon, tmp: Path) -> bool:
    """The rounds on one engine's fresh database; whether the target is met."""
    async with fresh_storage(spec, tmp) as storage:
        times = await play(storage, args, lexicon)
    base, finish, check = times.baseline, times.finish, times.check
    p99 = percentile(check, 0.99)
    table = Table()
    table.add("finish without achievements, p50 / p99",
              f"{ms(base, 0.5)} / {ms(base, 0.99)} ms")  # fmt: skip
    table.add(
        "finish with achievements, p50 / p99",
        f"{ms(finish, 0.5)} / {ms(finish, 0.99)} ms",
        f"{ms(base, 0.5)} / {ms(base, 0.99)} ms",
        f"{percentile(finish, 0.5) / percentile(base, 0.5):.2f}x"
        f" / {percentile(finish, 0.99) / percentile(base, 0.99):.2f}x",
    )
    table.add(
        "the achievement check in it, p50 / p99",
        f"{ms(check, 0.5)} / {ms(check, 0.99)} ms",
        f"{ms(base, 0.99)} ms (finish p99)",
        f"{p99 / percentile(base, 0.99):.2f}x",
        f"p99 < {TARGET_MS:g} ms",
        yes(p99 < TARGET_MS),
    )
    cpu = times.cpu
    table.add("the check's CPU here (both threads), p50 / p99",
              f"{ms(cpu, 0.5)} / {ms(cpu, 0.99)} ms")  # fmt: skip
    table.add("telling what it earned (round_ended), p99", f"{ms(times.told, 0.99)} ms")
    table.add("rounds that earned a tier", f"{sum(times.awarded)} of {len(check)}")
    warm = times.warm_check
    table.add(f"the check in the {len(warm)} warm-up rounds, p50 / worst",
              f"{ms(warm, 0.5)} / {max(warm, default=0):.3f} ms")  # fmt: skip
    table.add("listeners on a guess's events", f"{times.listeners}", "", "", "0",
              yes(times.listeners == 0))  # fmt: skip
    print(f"\n{'PostgreSQL' if spec != SQLITE else 'SQLite'}: {args.rounds} rounds each way"
          f" after {args.warmup},"
          f" {PLAYERS} players each from a pool of {args.pool}, classic, 4x4")  # fmt: skip
    table.print()
    return p99 < TARGET_MS and times.listeners == 0


async def play(storage: Storage, args: argparse.Namespace, lexicon: Lexicon) -> Times:
    """The rounds, one after another, a finish without the achievements then one with them:
    the times of each."""
    events = EventBus()
    service = AchievementService(
        storage, ServerSettingsService(storage), events, time.time, kept_outbox(storage)
    )
    service.listen()
    times = Times()
    times.listeners = sum(
        len(events._listeners.get(k, [])) for k in (StandingsChanged, GuessesJudged)
    )
    rng = random.Random(args.seed)
    pool = [100 + p for p in range(args.pool)]
    words = sorted(Round.start(BOARD, lexicon, Rules(Mode.CLASSIC), 0.0).solution)
    for n in range(2 * (args.warmup + args.rounds)):
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
        view = RoundView(stored.id, GUILD, n + 10, players[0], "en", BOARD, game.rules, 1.0,
                         None, game, names)  # fmt: skip
        checked = n % 2 == 1
        then = timed_check(service, view, results, times) if checked else None
        if checked:  # the server's time zone is read as the round starts, as in the bot
            await events.publish_and_wait(RoundStarted(view))
        t0 = time.perf_counter()
        await storage.finish_round(stored.id, results, 2.0, names, then)
        t1 = time.perf_counter()
        if not checked:
            times.baseline.append((t1 - t0) * 1000)
            continue
        told = await service.round_ended(RoundEnded(view, results, names))
        t2 = time.perf_counter()
        times.finish.append((t1 - t0) * 1000)
        times.told.append((t2 - t1) * 1000)
        times.awarded.append(told is not None)
    times.warmed(args.warmup)
    return times


def timed_check(
    service: AchievementService, view: RoundView, results: Results, times: Times
) -> FinishStep:
    """The achievements' part of one round's finish, its time and CPU time taken."""

    async def then(totals: Totals, session: Session) -> None:
        c0, t0 = time.process_time(), time.perf_counter()
        await service.round_finishing(view, results, totals, session)
        times.check.append((time.perf_counter() - t0) * 1000)
        times.cpu.append((time.process_time() - c0) * 1000)

    return then


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
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--warmup", type=int, default=50, help="rounds each way not counted")
    parser.add_argument("--pool", type=int, default=40, help="the server's players")
    sys.exit(asyncio.run(main(parser.parse_args())))
