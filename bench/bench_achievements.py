"""What achievement checks add to a round's end, and to a guess's path.

A round's end: ``AchievementService.round_ended`` (the pure rules plus one read of the players'
totals and one of their tiers, on SQLite) for a 4-player classic round on a 4x4 board, p50/p99
over many rounds, against the round's own finish (``finish_round``, the baseline) measured in the
same run. A guess's path: the listeners the achievements add to the events a guess publishes
(StandingsChanged, GuessesJudged): counted, they must be none.

    .venv/bin/python bench/bench_achievements.py [--rounds 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

from bot.achievements.service import AchievementService
from bot.kernel.events import EventBus
from bot.rounds.events import GuessesJudged, RoundEnded, StandingsChanged
from bot.rounds.view import RoundView
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.board import Board
from core.lexicon import load
from core.round import Mode, Round, Rules

WORDS_FILE = Path(__file__).resolve().parents[1] / "data" / "words" / "en.txt"
WORDS = ("elephants", "planets", "quartz", "stones", "stone", "dogs", "cats", "lime", "mile",
         "rent", "cat", "dog", "ten", "net", "act", "tag", "tan", "ant", "gas", "sag")  # fmt: skip


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


async def main(rounds: int) -> None:
    folder = Path(tempfile.mkdtemp())
    storage = await Storage.open(str(folder / "bench.sqlite3"))
    events = EventBus()
    service = AchievementService(storage, ServerSettingsService(storage), events, time.time)
    service.listen()
    on_guess = sum(len(events._listeners.get(k, [])) for k in (StandingsChanged, GuessesJudged))
    board = Board.parse("cato/dogs/rent/lime")
    lexicon = load(WORDS_FILE, cache_dir=folder)
    finish: list[float] = []
    check: list[float] = []
    for n in range(rounds):
        game = Round.start(
            board, lexicon, Rules(Mode.CLASSIC), 0.0, solution={w: () for w in WORDS}
        )
        for p in range(4):
            for w in WORDS[p * 3 : p * 3 + 6]:
                game.restore(100 + p, w, 0.0)
        results = game.results()
        stored = await storage.create_round(
            guild_id=1, channel_id=n + 10, starter_id=1, board=board, dice="classic",
            mode=Mode.CLASSIC, min_length=3, started_at=0.0, deadline=1.0,
        )  # fmt: skip
        names = {100 + p: f"P{p}" for p in range(4)}
        t0 = time.perf_counter()
        await storage.finish_round(stored.id, results, 2.0, names)
        t1 = time.perf_counter()
        view = RoundView(stored.id, 1, n + 10, 1, "en", board, game.rules, 1.0, None, game, names)
        await service.round_ended(RoundEnded(view, results, names))
        t2 = time.perf_counter()
        finish.append((t1 - t0) * 1000)
        check.append((t2 - t1) * 1000)
    await storage.close()
    print(f"rounds: {rounds} (4 players, classic, 4x4, SQLite)")
    for name, values in (("finish_round (baseline)", finish), ("achievement check", check)):
        print(f"{name:26s} p50 {pct(values, 0.5):.3f} ms  p99 {pct(values, 0.99):.3f} ms")
    print(f"check / finish at p99: {pct(check, 0.99) / pct(finish, 0.99):.2f}x")
    print(f"mean check {statistics.mean(check):.3f} ms; listeners on a guess's events: {on_guess}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=300)
    asyncio.run(main(parser.parse_args().rounds))
