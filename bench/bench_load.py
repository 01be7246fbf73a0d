"""Load benchmark of the whole bot: many channels playing at once through the Discord stand-in.

Each configuration is printed with its ratio to the baseline (one process on a new SQLite file),
measured first in the same run; ``--passes N`` takes the median ratio, for a shared machine. Bots
and players run in child processes: in one process the stand-in's garbage set the bot's p99.
Latency runs from just before ``user_says`` to the commit holding the row, on ``perf_counter``
(CLOCK_MONOTONIC: one clock for every process). Exit 1 when a word is lost, an accepted word is
never shown or results never appear.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import math
import pstats
import statistics
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from load_bot import run_bot  # noqa: E402
from load_databases import SQLITE, check_database, fresh_database, read_back  # noqa: E402
from load_link import Remote  # noqa: E402
from load_outcome import (  # noqa: E402
    Configuration,
    Outcome,
    compare,
    configurations,
    median_ratios,
    report,
)
from load_players import drive  # noqa: E402
from load_processes import Load, spawned  # noqa: E402
from load_records import BotConfig, Running  # noqa: E402

from bot.storage import StorageError, printable  # noqa: E402
from core.dice import DATA_DIR  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Round  # noqa: E402
from core.world import Rhythm  # noqa: E402

EN_WORDS = DATA_DIR / "words" / "en.txt"
MAX_PROCESSES = 8
WORLD_EVERY = 180  # the bots' BOGGLE_WORLD_EVERY: two minutes of play, past the load's end


async def measure(
    config: Configuration, number: int, args: argparse.Namespace, lexicon: Lexicon, workdir: Path
) -> Outcome:
    """One configuration, from a fresh database to its figures."""
    shards = config.processes
    async with (
        fresh_database(config.database, workdir, number) as database,
        AsyncExitStack() as stack,
    ):
        guilds = max(args.world)  # every configuration alike: the world's need one a channel
        players = spawned(drive, args.channels, args.players, shards, args.seed, guilds)
        driver = await stack.enter_async_context(players)
        api_base, gateway_url, pairs, shard_of = await driver.receive()
        reads = config.message_content == "on"
        checks = config.achievements == "on"
        configs = [
            bot_config(args, database, number, i, shards, reads, checks) for i in range(shards)
        ]
        bots = [await stack.enter_async_context(spawned(run_bot, c)) for c in configs]
        load = Load(driver, bots, shard_of)
        started = await load.each("start", api_base, gateway_url)
        if config.world:
            await open_world(load, driver, shard_of, config.world)
        await driver.call("start_tournaments", f"{round_minutes(args)}m", config.tournaments)
        await driver.call("start_rounds", f"{round_minutes(args)}m")
        rounds = await load.rounds()
        solutions = {c: sorted(w for w in r.solution if len(w) >= 3) for c, r in rounds.items()}
        await driver.call("set_words", solutions, sample_words(lexicon))
        if not reads:
            await driver.call("reply_to_boards")
        words = statistics.mean(len(s) for s in solutions.values())
        cups = sum(1 for r in rounds.values() if r.entrants)
        print(
            f"[{config.label}] {len(rounds)} rounds running ({words:.0f} words a board on"
            f" average; {cups} opened by a tournament), {len(pairs)} players; lexicon ready in"
            f" {max(s.lexicon_ms for s in started):.0f} ms",
            flush=True,
        )
        paced = await load.phase("paced", args.seconds, args.rate)
        burst = await load.phase("burst", args.burst_seconds, None) if args.burst_seconds else None
        loaded = await load.each("loaded")
        await load.wait_shown([p for p in (paced, burst) if p is not None])
        results, standings, calls_in_run = await load.end_rounds()
        peak_rss = await load.each("close")
        driver_hwm = await driver.call("memory")
        outcome = Outcome(
            config,
            database,
            started,
            rounds,
            paced,
            burst,
            loaded,
            results,
            standings,
            calls_in_run,
            peak_rss,
            driver_hwm,
        )
        outcome.stored, outcome.states = await read_back(database, rounds)
    outcome.ceiling, outcome.ceiling_words = core_ceiling(rounds, lexicon, load.texts)
    outcome.profiles = [c.profile for c in configs if c.profile]
    return outcome


async def open_world(load: Load, driver: Remote, shard_of: dict[int, int], count: int) -> None:
    """The first ``count`` channels made their servers' world channels, and every bot's clock
    moved to a world round's opening (as ``/boggle-config world`` sets them, before it): the
    round is open through the load, beside those channels' own rounds (which take their chat)."""
    rhythm = Rhythm.every_seconds(WORLD_EVERY)
    opening = rhythm.opens_at(rhythm.number_at(time.time()) + 2)
    await load.each("move_to", opening - 60)
    channels = list(shard_of)[:count]
    placed = await driver.call("guilds_of", channels)
    await asyncio.gather(
        *(
            bot.call("set_channels", [(g, c) for g, c in placed if shard_of[c] == shard])
            for shard, bot in enumerate(load.bots)
        )
    )
    await load.each("move_to", opening + 0.5)


def bot_config(
    args: argparse.Namespace,
    database: str,
    number: int,
    shard: int,
    shards: int,
    reads_messages: bool = True,
    achievements: bool = True,
) -> BotConfig:
    """What bot process ``shard`` of configuration ``number`` runs; its profile, when asked for,
    goes to ``--profile``'s FILE when the run has one bot process in all, else FILE.number.shard."""
    profile = None
    if args.profile:
        alone = args.configurations == 1 and shards == 1
        profile = args.profile if alone else f"{args.profile}.{number}.{shard}"
    return BotConfig(
        database,
        shard,
        shards,
        EN_WORDS,
        args.cache,
        args.seed,
        profile,
        args.tracemalloc,
        reads_messages,
        achievements=achievements,
    )


def round_minutes(args: argparse.Namespace) -> int:
    """A round long enough for the load and the waits after it (30 minutes at most)."""
    seconds: float = args.seconds + args.burst_seconds
    return min(30, math.ceil((seconds + 120) / 60))


def core_ceiling(
    rounds: dict[int, Running], lexicon: Lexicon, texts: list[tuple[int, int, str]]
) -> tuple[float, int]:
    """Words/s of ``core.round.Round.guess`` alone on the same boards and messages (best of 3)."""
    best = 0.0
    judged = 0
    for _ in range(3):
        games = {
            channel: Round(r.board, r.rules, r.solution, lexicon, math.inf)
            for channel, r in rounds.items()
        }
        judged = 0
        started = time.perf_counter()
        for channel_id, player_id, text in texts:
            judged += len(games[channel_id].guess(player_id, text, time.time()))
        best = max(best, judged / (time.perf_counter() - started))
    return best, judged


def sample_words(lexicon: Lexicon, every: int = 97) -> list[str]:
    """Every ``every``-th word of the lexicon, 4 letters or more: dictionary words to mistype."""
    return [w for i, w in enumerate(lexicon) if i % every == 0 and len(w) >= 4]


# --- main -----------------------------------------------------------------------------------------


async def run(args: argparse.Namespace, workdir: Path) -> int:
    for spec in args.database:
        problem = await check_database(spec)
        if problem is not None:
            print(f"bench_load: --database {printable(spec)}: {problem}", file=sys.stderr)
            return 2
    args.cache = workdir / "lexicon-cache"
    lexicon = await asyncio.to_thread(load, EN_WORDS, args.cache)
    planned = configurations(
        args.database,
        args.processes,
        args.message_content,
        args.achievements,
        args.tournaments,
        args.world,
    )
    args.configurations = len(planned) * args.passes
    broken = 0
    passes: list[list[Outcome]] = []
    for turn in range(args.passes):
        outcomes = []
        for index, config in enumerate(planned):
            number = turn * len(planned) + index
            try:
                outcome = await measure(config, number, args, lexicon, workdir)
            except (TimeoutError, EOFError, RuntimeError, StorageError) as exc:
                # A configuration that cannot finish is reported; the others still are.
                print(f"[{config.label}] FAILED: {type(exc).__name__}: {exc}", flush=True)
                broken += 1
                continue
            report(outcome, args)
            outcomes.append(outcome)
        if outcomes:
            passes.append(outcomes)
    for turn, outcomes in enumerate(passes, start=1):
        print()
        print(
            "comparison, paced phase unless said (flood: the unpaced phase); ratios against"
            f" {outcomes[0].config.label}, measured first in this pass"
            + (f" ({turn} of {args.passes})" if args.passes > 1 else "")
            + ":"
        )
        print("\n".join(compare(outcomes)))
    if args.passes > 1:
        print("\nmedian of the passes' ratios to their own baseline:")
        print("\n".join(median_ratios(passes)))
    for outcome in (o for outcomes in passes for o in outcomes):
        for profile in outcome.profiles:
            print(f"\nprofile of a bot process, {outcome.config.label}: {profile}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 1 if broken or not passes or any(o.failed for p in passes for o in p) else 0


def on_off(parser: argparse.ArgumentParser, flag: str, help: str) -> None:
    """An option that measures one or both of a feature's two modes, ``on`` by default."""
    parser.add_argument(
        flag, nargs="+", choices=("on", "off"), default=["on"], metavar="MODE", help=help
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database",
        nargs="+",
        default=[SQLITE],
        metavar="TARGET",
        help="sqlite (a new file), a SQLite path, or a postgresql:// URL (a new schema there)",
    )
    parser.add_argument(
        "--processes", nargs="+", type=int, default=[1], metavar="N", help="bot processes"
    )
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--players", type=int, default=5, help="players per channel")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the paced phase")
    parser.add_argument("--rate", type=float, default=3.0, help="messages/s per player, paced")
    parser.add_argument("--burst-seconds", type=float, default=5.0, help="unpaced phase; 0: none")
    on_off(
        parser,
        "--message-content",
        "on: players type in the channel; off: bots without the intent, players reply to"
        " the board (compared with the baseline, which has it, in the same run)",
    )
    parser.add_argument(
        "--world",
        nargs="+",
        type=int,
        default=[0],
        metavar="N",
        help="the first N channels their servers' world channels, a world round open (compared"
        " with the baseline, which has none, in the same run; N servers in every configuration)",
    )
    on_off(
        parser,
        "--achievements",
        "off: bots without the achievement checks (compared with the baseline, which has"
        " them, in the same run)",
    )
    parser.add_argument(
        "--tournaments",
        nargs="+",
        type=int,
        default=[0],
        metavar="N",
        help="a tournament in the first N channels (compared with the baseline, which has none,"
        " in the same run)",
    )
    parser.add_argument(
        "--passes",
        type=int,
        default=1,
        metavar="N",
        help="measure every configuration N times, in turn (a shared machine's load drifts)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bots during the load")
    parser.add_argument("--tracemalloc", action="store_true", help="trace the bots' allocations")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 <= args.burst_seconds <= 120 or args.rate <= 0:
        parser.error("need 0 < --seconds <= 600, 0 <= --burst-seconds <= 120, --rate > 0")
    if not 1 <= args.channels <= 200 or not 1 <= args.players <= 20:
        parser.error("need 1 <= --channels <= 200 and 1 <= --players <= 20")
    if not 1 <= args.passes <= 10:
        parser.error("need 1 <= --passes <= 10")
    if not all(0 <= n <= args.channels for n in [*args.tournaments, *args.world]):
        parser.error("--tournaments, --world: each count from 0 to --channels")
    if not all(1 <= n <= min(MAX_PROCESSES, args.channels) for n in args.processes):
        parser.error(f"--processes: each count from 1 to {MAX_PROCESSES}, and at most --channels")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        return asyncio.run(run(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
