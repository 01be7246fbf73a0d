"""Load benchmark of the whole bot: many channels playing at once through the Discord stand-in,
on SQLite or PostgreSQL, run by one bot process or by several that split the shards.

Run by hand from the repository root (not a test; it stops by itself, 127.0.0.1 only)::

    .venv/bin/python bench/bench_load.py [--database sqlite|PATH|URL ...] [--processes N ...]
        [--channels 50] [--players 5] [--seconds 20] [--rate 3] [--burst-seconds 5] [--seed 1]
        [--message-content on|off ...]
        [--profile FILE] [--tracemalloc]

Configurations. Each ``--database`` with each ``--processes`` count is one configuration, measured
one after another, each on a database of its own:

- ``sqlite`` (the default): a new SQLite file in a temporary directory;
- a path: that SQLite file (created if missing; each configuration adds its rounds to it);
- a ``postgresql://`` URL: a new schema on that server (``bench_<pid>_<n>``, given to the bot as
  the URL's ``search_path``), dropped with everything in it afterwards.

The baseline is one process on a new SQLite file (what the bench measured before it had
configurations): measured first in every run, so every other configuration is printed with its
ratio to a figure from the same machine in the same minutes. The full comparison::

    .venv/bin/python bench/bench_load.py --database sqlite postgresql://postgres@127.0.0.1:5432/test \
        --processes 1 2

Design. For each configuration, child processes, so that a bot's heap holds only the bot:

- ``--processes`` bot processes (``load_bot``): the real ``BoggleBot``, every cog, the
  configuration's database, the real English lexicon from a cache this process built; with one
  process it runs every shard, with N process i runs shard i of N (``ShardSlice``, claimed in the
  database as in production), each with the measurement wrappers;
- one process runs the stand-in and the simulated players (``load_players``): one guild per bot
  process, each on that process's shard, the ``--channels`` channels spread over them in turn,
  ``--players`` members per channel; a sharded client connects with its shard, as on Discord;
- this process builds the lexicon's cache, drives the others over pipes (``load_link``), merges
  the bot processes' figures, reads the database once the bots are stopped, and reports.

An earlier in-process version (bot, stand-in and players on one event loop) measured the
stand-in's own cost and, worse, its garbage: the stand-in keeps every message, transcript entry
and API call, so the bot's full garbage collections grew to 100-300 ms and set the p99.

The players of a channel start a round with ``/boggle start``; then two phases:

1. ``paced``: every player sends a message every ``1/--rate`` seconds (jittered, open loop: a late
   send does not push the schedule back), just under the spam limit of ``GUESSES_PER_SECOND`` per
   player, so nothing is refused. Messages hold 1-3 words: words on the board (often found by
   others too), the player's own repeats, non-words, dictionary words not on the board and
   too-short words, as people type them (capitals, commas). The offered load sets this phase's
   guesses/s; what a configuration changes is how long a message waits for its commit.
2. ``burst``: every player sends back to back for ``--burst-seconds``, in turn, as fast as the
   stand-in delivers (the websocket's back-pressure is the only brake). The per-user limiter drops most
   messages; they are counted, and are not lost words. The limiter bounds its guesses/s; what it
   shows is how far behind the flood leaves the bots (their commit times).

After each phase the bench waits until every message sent has reached its bot and every guess is
committed, so a phase's rate includes its backlog. Before the rounds end, it waits (up to
``SHOWN_TIMEOUT``) until every word accepted from chat has been shown to its player: the round's
last edit names no news, so a word not shown by then never is. Then each bot's clock is moved past
its deadlines, every round ends at its runner's next tick (0.5 s, as in production), and the bench
waits for the results message in every channel.

Measurement (``load_bot`` says how rows are tied to messages). ``time.perf_counter`` is
CLOCK_MONOTONIC on Linux, one clock for every process, so:

- guesses/s: words judged and committed in the phase over first send to last commit;
- latency: just before ``StandIn.user_says`` (players' process) to the return of the commit
  holding the row (bot process), median, p99 and max; the part up to the judgement in memory is
  shown apart;
- Discord API calls per guess: REST calls the stand-in received in the phase over the guesses,
  against the naive 1.0 of one reaction per guess ("well below one" is taken as under 0.2);
- accepted word -> visible to its player: from the send of the message that holds a word the
  bot accepted (a committed row) to the earliest of a ✅ reaction by the bot on that message and
  a board edit whose status line for that player names the word after ``✅``, both as the
  stand-in recorded them; median, p99, max, and the words never shown;
- memory: VmRSS/VmHWM of each bot process (with the lexicon), optionally tracemalloc's peak;
- lost words: words accepted in memory (``Round.found``) or committed as accepted that are not
  among the round's accepted words read back through ``Storage`` (either engine) once the bots
  have stopped; must be 0;
- the ceiling: ``core.round.Round.guess`` on the same boards and messages, no Discord, no disk;
- event-loop stalls (a 2 ms sleep waking late) and garbage collections in the bot processes.

Exit 1 when a round's results never appear, a word is lost or an accepted word is never shown
to its player; 2 for arguments it cannot use (a database among them); unmet targets are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import math
import multiprocessing
import os
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from load_bot import BotConfig, Loaded, Running, Started, Taken, Word, run_bot  # noqa: E402
from load_link import STOP, Remote  # noqa: E402
from load_players import Key, Sent, drive  # noqa: E402
from load_report import (  # noqa: E402
    Phase,
    calls_per_guess,
    pct,
    report_phase,
    row,
    yes,
)

from bot.rounds.service import GUESS_BURST, GUESSES_PER_SECOND  # noqa: E402
from bot.storage import Storage, StorageError, is_postgres, printable  # noqa: E402
from core.dice import DATA_DIR  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Round  # noqa: E402

EN_WORDS = DATA_DIR / "words" / "en.txt"
SQLITE = "sqlite"  # --database: a new SQLite file for each configuration
MAX_PROCESSES = 8
RESULTS_TIMEOUT = 30.0
SHOWN_TIMEOUT = 30.0  # after the load, how long every accepted word has to appear
CONNECT_TIMEOUT = 10.0  # to reach a PostgreSQL server given with --database


@dataclass(frozen=True)
class Configuration:
    """One measurement: a database (``sqlite``, a SQLite path or a PostgreSQL URL), how many
    bot processes share it, and whether the bots have the message-content intent (``on``:
    players type in the channel; ``off``: they reply to the board, as they must without it)."""

    database: str
    processes: int
    message_content: str = "on"

    @property
    def label(self) -> str:
        engine = "PostgreSQL" if is_postgres(self.database) else "SQLite"
        plural = "es" if self.processes > 1 else ""
        replies = ", replies (no intent)" if self.message_content == "off" else ""
        return f"{engine}, {self.processes} process{plural}{replies}"


BASELINE = Configuration(SQLITE, 1)


def configurations(
    databases: Sequence[str], processes: Sequence[int], contents: Sequence[str] = ("on",)
) -> list[Configuration]:
    """The baseline first, then every database with every count and intent mode, each once."""
    wanted = [Configuration(d, n, m) for d in databases for n in processes for m in contents]
    return list(dict.fromkeys([BASELINE, *wanted]))


# --- databases ------------------------------------------------------------------------------------


async def check_database(spec: str) -> str | None:
    """Why ``--database spec`` cannot be used, or None; a PostgreSQL server is asked."""
    try:
        if spec == SQLITE:
            return None
        if not is_postgres(spec):
            parent = Path(spec).resolve().parent
            return None if parent.is_dir() else f"no such directory: {parent}"
        await on_server(spec, "SELECT 1")
    except StorageError as exc:
        return str(exc)
    return None


async def on_server(url: str, statement: str) -> None:
    """Run one statement on the PostgreSQL server ``url`` names; StorageError saying why not."""
    import asyncpg  # here: a bot process imports this module too, and runs on SQLite

    from bot.storage.postgres.errors import EngineError, connect_failure

    try:
        connection = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
    except (*EngineError, ValueError, OverflowError) as exc:
        raise connect_failure(exc, CONNECT_TIMEOUT) from None
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


@asynccontextmanager
async def fresh_database(spec: str, workdir: Path, number: int) -> AsyncIterator[str]:
    """What ``BOGGLE_DATABASE`` says in configuration ``number``'s bot processes: a new SQLite
    file, the path given, or a new schema on the server given (dropped after)."""
    if spec == SQLITE:
        yield str(workdir / f"configuration-{number}.sqlite3")
    elif not is_postgres(spec):
        yield spec
    else:
        from tests.postgres import with_search_path  # here: it imports pytest (7 MB)

        schema = f"bench_{os.getpid()}_{number}"
        await on_server(spec, f"CREATE SCHEMA {schema}")
        try:
            yield with_search_path(spec, schema)
        finally:
            await on_server(spec, f"DROP SCHEMA {schema} CASCADE")


async def read_back(database: str, rounds: dict[int, Running]) -> tuple[set[Word], Counter[str]]:
    """Through the storage interface, as the bot reads it: every round's accepted words, and
    how many rounds are in each state."""
    storage = await Storage.open(database)
    stored: set[Word] = set()
    states: Counter[str] = Counter()
    try:
        for running in rounds.values():
            words = await storage.accepted_words(running.round_id)
            stored |= {(running.round_id, w.player_id, w.word) for w in words}
            got = await storage.get_round(running.round_id)
            states[str(got.state) if got else "missing"] += 1
    finally:
        await storage.close()
    return stored, states


# --- the child processes --------------------------------------------------------------------------


@asynccontextmanager
async def spawned(target: Callable[..., None], *args: Any) -> AsyncIterator[Remote]:
    """A child process running ``target(pipe, *args)``; told to stop (then ended) on the way out."""
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    child = context.Process(target=target, args=(theirs, *args), daemon=True)
    child.start()
    theirs.close()  # so that a dead child reads as EOF here
    try:
        yield Remote(ours)
    finally:
        with contextlib.suppress(OSError):
            ours.send((STOP,))
        await asyncio.to_thread(child.join, 10)
        if child.is_alive():
            child.terminate()
            await asyncio.to_thread(child.join)


@dataclass
class Load:
    """One configuration's processes, as the bench drives them: the players and the bots, and
    which bot (shard) runs each channel."""

    driver: Remote
    bots: list[Remote]
    shard_of: dict[int, int]
    texts: list[tuple[int, int, str]] = field(default_factory=list)
    times: dict[Key, list[float]] = field(default_factory=dict)
    ids: dict[Key, list[int]] = field(default_factory=dict)

    async def each(self, name: str, *args: Any) -> list[Any]:
        """The same call to every bot process at once; their answers, by shard."""
        return list(await asyncio.gather(*(bot.call(name, *args) for bot in self.bots)))

    async def rounds(self) -> dict[int, Running]:
        """Each channel's round, from the bot process that runs it."""
        mine = [{c for c, s in self.shard_of.items() if s == i} for i in range(len(self.bots))]
        found = await asyncio.gather(
            *(b.call("rounds", m) for b, m in zip(self.bots, mine, strict=True))
        )
        return {channel: running for part in found for channel, running in part.items()}

    async def phase(self, name: str, seconds: float, rate: float | None) -> Phase:
        """The players send for ``seconds``; then wait until every bot has caught up."""
        await self.each("begin", name)
        sent: Sent = await self.driver.call("phase", seconds, rate)
        self.texts += sent.texts
        for key, times in sent.times.items():
            self.times.setdefault(key, []).extend(times)
            self.ids.setdefault(key, []).extend(sent.ids[key])
        parts = await asyncio.gather(
            *(bot.call("end", self.sent_to(shard)) for shard, bot in enumerate(self.bots))
        )
        api_calls, routes = await self.driver.call("calls")
        phase = Phase(name, sent, Taken.merge(parts), len(self.bots), api_calls, routes)
        phase.join(self.times)
        return phase

    def sent_to(self, shard: int) -> dict[Key, int]:
        """How many messages each player of the shard's channels has sent in all."""
        return {k: len(t) for k, t in self.times.items() if self.shard_of[k[0]] == shard}

    async def wait_shown(self, phases: list[Phase]) -> None:
        """Before the rounds end: when each word accepted from chat became visible to its player
        (the stand-in saw the ✅ or the edit); those not shown within ``SHOWN_TIMEOUT`` never
        are, as the round's last edit names no news."""
        accepted = [(phase, *item) for phase in phases for item in phase.bot.accepted]
        words = [(*key, self.ids[key][index], word) for _, key, index, word in accepted]
        seen, edits = await self.driver.call("wait_shown", words, SHOWN_TIMEOUT)
        for (phase, key, index, word), (reacted, named) in zip(accepted, seen, strict=True):
            phase.shown(key, word, self.times[key][index], reacted, named)
        for phase in phases:
            phase.edits(edits)

    async def end_rounds(self) -> tuple[list[float], int]:
        """Move every bot's clock past its deadlines; seconds until each channel's results
        appeared after its bot's clock moved, and the run's API calls."""
        await self.driver.call("watch_results")
        ended = await self.each("end_rounds")
        posted, calls = await self.driver.call("wait_results", len(self.shard_of), RESULTS_TIMEOUT)
        await self.each("quiet")
        return sorted(t - ended[self.shard_of[c]] for c, t in posted.items()), calls


@dataclass
class Outcome:
    """A configuration's figures, for its report and the comparison."""

    config: Configuration
    database: str
    started: list[Started]
    rounds: dict[int, Running]
    paced: Phase
    burst: Phase | None
    loaded: list[Loaded]
    results: list[float]
    calls_in_run: int
    peak_rss: list[float]
    driver_hwm: float
    stored: set[Word] = field(default_factory=set)
    states: Counter[str] = field(default_factory=Counter)
    ceiling: float = math.nan
    ceiling_words: int = 0
    profiles: list[str] = field(default_factory=list)  # cProfile files of the bot processes

    @property
    def phases(self) -> list[Phase]:
        return [p for p in (self.paced, self.burst) if p is not None]

    @property
    def accepted(self) -> set[Word]:
        """Accepted in memory or committed as accepted, in every bot process."""
        return {w for part in self.loaded for w in part.in_memory | part.committed}

    @property
    def lost(self) -> set[Word]:
        return self.accepted - self.stored

    @property
    def unseen(self) -> list[tuple[Key, str]]:
        return [u for phase in self.phases for u in phase.unseen]

    @property
    def failed(self) -> bool:
        return bool(self.lost or self.unseen or len(self.results) < len(self.rounds))


async def measure(
    config: Configuration, number: int, args: argparse.Namespace, lexicon: Lexicon, workdir: Path
) -> Outcome:
    """One configuration, from a fresh database to its figures."""
    shards = config.processes
    async with (
        fresh_database(config.database, workdir, number) as database,
        AsyncExitStack() as stack,
    ):
        players = spawned(drive, args.channels, args.players, shards, args.seed)
        driver = await stack.enter_async_context(players)
        api_base, gateway_url, pairs, shard_of = await driver.receive()
        reads = config.message_content == "on"
        configs = [bot_config(args, database, number, i, shards, reads) for i in range(shards)]
        bots = [await stack.enter_async_context(spawned(run_bot, c)) for c in configs]
        load = Load(driver, bots, shard_of)
        started = await load.each("start", api_base, gateway_url)
        await driver.call("start_rounds", f"{round_minutes(args)}m")
        rounds = await load.rounds()
        solutions = {c: sorted(w for w in r.solution if len(w) >= 3) for c, r in rounds.items()}
        await driver.call("set_words", solutions, sample_words(lexicon))
        if not reads:
            await driver.call("reply_to_boards")
        words = statistics.mean(len(s) for s in solutions.values())
        print(
            f"[{config.label}] {len(rounds)} rounds running ({words:.0f} words a board on"
            f" average), {len(pairs)} players; lexicon ready in"
            f" {max(s.lexicon_ms for s in started):.0f} ms",
            flush=True,
        )
        paced = await load.phase("paced", args.seconds, args.rate)
        burst = await load.phase("burst", args.burst_seconds, None) if args.burst_seconds else None
        loaded = await load.each("loaded")
        await load.wait_shown([p for p in (paced, burst) if p is not None])
        results, calls_in_run = await load.end_rounds()
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
            calls_in_run,
            peak_rss,
            driver_hwm,
        )
        outcome.stored, outcome.states = await read_back(database, rounds)
    outcome.ceiling, outcome.ceiling_words = core_ceiling(rounds, lexicon, load.texts)
    outcome.profiles = [c.profile for c in configs if c.profile]
    return outcome


def bot_config(
    args: argparse.Namespace,
    database: str,
    number: int,
    shard: int,
    shards: int,
    reads_messages: bool = True,
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
    )


def round_minutes(args: argparse.Namespace) -> int:
    """A round long enough for the load and the waits after it (30 minutes at most)."""
    return min(30, math.ceil((float(args.seconds) + float(args.burst_seconds) + 120) / 60))


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


# --- report ---------------------------------------------------------------------------------------


def report(outcome: Outcome, args: argparse.Namespace) -> None:
    """One configuration's full figures: each phase's table, then the run's."""
    config = outcome.config
    bots = (
        "one bot process running every shard"
        if config.processes == 1
        else f"{config.processes} bot processes, shard i of {config.processes} each"
    )
    print()
    print(
        f"bench_load [{config.label}]: {args.channels} channels x {args.players} players; {bots},"
        f" on {printable(outcome.database)}; stand-in and players in another process;"
        f" Python {sys.version.split()[0]}"
    )
    print(
        f"spam limit {GUESSES_PER_SECOND:g} messages/s per player (burst {GUESS_BURST:g});"
        f" paced at {args.rate:g}/s per player for {args.seconds:g} s,"
        f" then unpaced for {args.burst_seconds:g} s"
    )
    for phase in outcome.phases:
        print()
        print("\n".join(report_phase(phase, judged_against_targets=phase is outcome.paced)))
    print()
    for line in run_rows(outcome):
        print(line)
    if outcome.lost:
        print(f"LOST: {sorted(outcome.lost)[:10]}")
    if outcome.unseen:
        print(f"NEVER SHOWN ((channel, player), word): {outcome.unseen[:10]}")


def run_rows(outcome: Outcome) -> list[str]:
    """The figures of the whole run of one configuration; several processes' figures are
    listed by shard."""
    rate = outcome.paced.guesses_per_second
    results, rounds = outcome.results, len(outcome.rounds)
    lost = outcome.lost
    loaded = outcome.loaded
    in_memory = {w for part in loaded for w in part.in_memory}
    committed = {w for part in loaded for w in part.committed}

    def per_process(values: Sequence[float | None]) -> str:
        return ", ".join("-" if v is None else f"{v:.0f}" for v in values)

    starts = outcome.started
    rows = [
        row("figure", "measured", "target/baseline", "ratio", "met?"),
        row(
            "core Round.guess alone (ceiling), words /s",
            f"{outcome.ceiling:.0f}",
            "",
            f"{rate / outcome.ceiling:.3f}x",
        )
        + f"  bot's paced rate against it ({outcome.ceiling_words} words)",
        row(
            "results posted after the deadline, median",
            f"{1000 * statistics.median(results or [math.nan]):.0f} ms",
            "runner tick 500 ms",
        ),
        row(
            "results posted after the deadline, max", f"{1000 * max(results or [math.nan]):.0f} ms"
        ),
        row(
            "channels with results posted",
            f"{len(results)}/{rounds}",
            f"{rounds}",
            "",
            yes(len(results) == rounds),
        ),
        row("rounds finished in the database", f"{outcome.states.get('finished', 0)}/{rounds}"),
        row(
            "accepted words: memory / committed / stored",
            f"{len(in_memory)}/{len(committed)}/{len(outcome.stored)}",
        ),
        row("lost words", f"{len(lost)}", "0", "", yes(not lost)),
        row(
            "bot RSS: start / with lexicon",
            f"{per_process([s.rss_start for s in starts])} / {per_process([s.rss_lexicon for s in starts])} MB",
        ),
        row(
            "bot RSS: ready / after the load",
            f"{per_process([s.rss_ready for s in starts])} / {per_process([x.rss_after for x in loaded])} MB",
        ),
        row("bot peak RSS (VmHWM)", f"{per_process(outcome.peak_rss)} MB"),
    ]
    if any(x.traced_peak is not None for x in loaded):
        rows.append(
            row(
                "bot tracemalloc peak during the load",
                f"{per_process([x.traced_peak for x in loaded])} MB",
            )
        )
    rows += [
        row("stand-in + players peak RSS (VmHWM)", f"{outcome.driver_hwm:.0f} MB"),
        row("API calls in the whole run", f"{outcome.calls_in_run}"),
    ]
    return rows


def compare(outcomes: list[Outcome]) -> list[str]:
    """Every configuration's headline figures side by side, each with its ratio to the
    baseline's (the first): a ratio above 1 is more guesses, or a longer wait."""
    base = outcomes[0]
    head = (
        "configuration",
        "paced guesses/s",
        "commit median / p99 (p99 ratio)",
        "API calls/guess",
        "flood guesses/s",
        "flood commit p99",
        "lost",
        "never shown",
        "results",
        "bot CPU (all processes)",
        "peak RSS a process",
    )
    table = [head]
    base_calls = calls_per_guess(base.paced)
    for outcome in outcomes:
        paced, burst = outcome.paced, outcome.burst
        p99 = pct(paced.committed_ms, 0.99)
        base_p99 = pct(base.paced.committed_ms, 0.99)
        flood = burst.guesses_per_second if burst else math.nan
        base_flood = base.burst.guesses_per_second if base.burst else math.nan
        busy = paced.bot.cpu_seconds / (paced.bot.drained - paced.sent.started)
        table.append(
            (
                outcome.config.label + (" (baseline)" if outcome is base else ""),
                f"{paced.guesses_per_second:.0f}"
                f" ({paced.guesses_per_second / base.paced.guesses_per_second:.2f}x)",
                f"{statistics.median(paced.committed_ms):.1f} / {p99:.1f} ms ({p99 / base_p99:.2f}x)",
                f"{calls_per_guess(paced):.3f} ({calls_per_guess(paced) / base_calls:.2f}x)",
                f"{flood:.0f} ({flood / base_flood:.2f}x)",
                f"{pct(burst.committed_ms, 0.99):.0f} ms" if burst else "-",
                f"{len(outcome.lost)} of {len(outcome.accepted)}",
                f"{len(outcome.unseen)}",
                f"{len(outcome.results)}/{len(outcome.rounds)}",
                f"{100 * busy:.0f}% of a core",
                f"{max(outcome.peak_rss):.0f} MB",
            )
        )
    widths = [max(len(line[i]) for line in table) for i in range(len(head))]
    return [
        "  " + "  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
        for line in table
    ]


# --- main -----------------------------------------------------------------------------------------


async def run(args: argparse.Namespace, workdir: Path) -> int:
    for spec in args.database:
        problem = await check_database(spec)
        if problem is not None:
            print(f"bench_load: --database {printable(spec)}: {problem}", file=sys.stderr)
            return 2
    args.cache = workdir / "lexicon-cache"
    lexicon = await asyncio.to_thread(load, EN_WORDS, args.cache)
    outcomes = []
    planned = configurations(args.database, args.processes, args.message_content)
    args.configurations = len(planned)
    broken = 0
    for number, config in enumerate(planned):
        try:
            outcome = await measure(config, number, args, lexicon, workdir)
        except (TimeoutError, EOFError, RuntimeError, StorageError) as exc:
            # A configuration that cannot finish is reported; the others still are.
            print(f"[{config.label}] FAILED: {type(exc).__name__}: {exc}", flush=True)
            broken += 1
            continue
        report(outcome, args)
        outcomes.append(outcome)
    if not outcomes:
        return 1
    print()
    print(
        "comparison, paced phase unless said (flood: the unpaced phase); ratios against"
        f" {outcomes[0].config.label}, measured first in this run:"
    )
    print("\n".join(compare(outcomes)))
    for outcome in outcomes:
        for profile in outcome.profiles:
            print(f"\nprofile of a bot process, {outcome.config.label}: {profile}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 1 if broken or any(o.failed for o in outcomes) else 0


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
    parser.add_argument(
        "--message-content",
        nargs="+",
        choices=("on", "off"),
        default=["on"],
        metavar="MODE",
        help="on: players type in the channel; off: bots without the intent, players reply to"
        " the board (compared with the baseline, which has it, in the same run)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bots during the load")
    parser.add_argument("--tracemalloc", action="store_true", help="trace the bots' allocations")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 <= args.burst_seconds <= 120 or args.rate <= 0:
        parser.error("need 0 < --seconds <= 600, 0 <= --burst-seconds <= 120, --rate > 0")
    if not 1 <= args.channels <= 200 or not 1 <= args.players <= 20:
        parser.error("need 1 <= --channels <= 200 and 1 <= --players <= 20")
    if not all(1 <= n <= min(MAX_PROCESSES, args.channels) for n in args.processes):
        parser.error(f"--processes: each count from 1 to {MAX_PROCESSES}, and at most --channels")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
        return asyncio.run(run(args, Path(tmp)))


if __name__ == "__main__":
    sys.exit(main())
