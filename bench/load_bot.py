"""bench_load's bot: a child process running the real bot with measurement wrappers.

One of these per bot process of a configuration (``--processes``): the real ``BoggleBot`` with
every cog, on the configuration's database, running every shard (one process) or shard i of N,
with the real lexicon from the bench's warm cache. The bench drives it over the pipe
(``load_link``): start, find the rounds, begin and end each phase (the phase's record comes back),
end the rounds, close.

Measurement. ``Probe`` wraps the per-user limiter's ``allow``, ``GuessWriter.submit`` and
``Storage.record_guesses`` (to time transactions) on the bot instance and sets
``GuessWriter.on_commit``; the bot's code is unchanged. A player's messages reach the bot in the
order sent, and a channel's guild is on one shard, so in the process running that shard the n-th
``allow`` of a (channel, player) is that player's n-th message; rows commit in the order
submitted. Times are ``time.perf_counter`` (CLOCK_MONOTONIC on Linux: one clock for every process).
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import gc
import logging
import random
import time
import tracemalloc
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from load_link import proc_status, serve

from bot.app import App
from bot.config.settings import Settings, WebSettings
from bot.config.shards import ShardSlice
from bot.discord.client import BoggleBot
from bot.discord.endpoints import point_discord_at
from bot.rounds.live import LiveRound
from bot.services import Tuning
from bot.storage import GuessRow
from core.board import Board
from core.lexicon import cached
from core.round import Rules, Verdict
from core.solver import Path as WordPath
from standin.activities import STANDIN_CLIENT_SECRET

Key = tuple[int, int]  # (channel id, player id)
Word = tuple[int, int, str]  # round id, player id, word
READY_TIMEOUT = 60.0
DRAIN_TIMEOUT = 60.0
QUIET_TIMEOUT = 30.0


@dataclass(frozen=True)
class BotConfig:
    """What one bot process runs: the database, its shard (``shard`` of ``shards``; one process
    runs every shard), where the lexicon's cache is, and what to trace."""

    database: str
    shard: int
    shards: int
    dictionary: Path
    lexicon_cache: Path
    seed: int
    profile: str | None = None
    tracemalloc: bool = False
    reads_messages: bool = True  # the message-content intent (off: guesses by replies)
    web: bool = False  # the Activity's page and socket on 127.0.0.1, a free port (bench_web)

    @property
    def slice(self) -> ShardSlice:
        return ShardSlice() if self.shards == 1 else ShardSlice(self.shards, (self.shard,))


@dataclass
class Taken:
    """What one bot process made of one phase: the admitted messages, the committed rows tied
    to their messages (key, message index, judged, committed), and the process's costs."""

    name: str
    drained: float = 0.0
    admitted: int = 0
    dropped: int = 0
    rows: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    commits: list[tuple[Key, int, float, float]] = field(default_factory=list)
    last_commit: float = 0.0
    feedback_calls: int = 0
    batches: list[int] = field(default_factory=list)
    batch_ms: list[float] = field(default_factory=list)
    stalls_ms: list[float] = field(default_factory=list)
    gc_ms: dict[int, list[float]] = field(default_factory=lambda: {0: [], 1: [], 2: []})
    cpu_seconds: float = 0.0
    max_pending: int = 0
    accepted: list[tuple[Key, int, str]] = field(default_factory=list)  # message index, word

    @classmethod
    def merge(cls, parts: Sequence[Taken]) -> Taken:
        """Every process's share of a phase as one: counts and costs add up, lists join, the
        latest drain and commit and the longest queue stand."""
        whole = cls(parts[0].name)
        for part in parts:
            whole.drained = max(whole.drained, part.drained)
            whole.admitted += part.admitted
            whole.dropped += part.dropped
            whole.rows += part.rows
            whole.verdicts += part.verdicts
            whole.commits += part.commits
            whole.last_commit = max(whole.last_commit, part.last_commit)
            whole.feedback_calls += part.feedback_calls
            whole.batches += part.batches
            whole.batch_ms += part.batch_ms
            whole.stalls_ms += part.stalls_ms
            for generation, times in part.gc_ms.items():
                whole.gc_ms[generation] += times
            whole.cpu_seconds += part.cpu_seconds
            whole.max_pending = max(whole.max_pending, part.max_pending)
            whole.accepted += part.accepted
        return whole


@dataclass(frozen=True)
class Started:
    """A bot process ready: its memory along the way, how long its lexicon took."""

    lexicon_ms: float
    rss_start: float
    rss_lexicon: float
    rss_ready: float


@dataclass(frozen=True)
class Running:
    """A running round as the bench needs it: to type words and to time ``Round.guess`` alone."""

    round_id: int
    board: Board
    rules: Rules
    solution: dict[str, WordPath]


@dataclass(frozen=True)
class Loaded:
    """After the load, before the rounds end: what the rounds hold in memory and what was
    committed as accepted, and the process's memory."""

    in_memory: frozenset[Word]
    committed: frozenset[Word]
    rss_after: float
    traced_peak: float | None


class Clock:
    """Wall time plus an offset, so the bench can end every round at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


class Probe:
    """Ties every committed guess row to the message it came from, without changing the bot."""

    def __init__(self) -> None:
        self.seen: Counter[Key] = Counter()
        self.current: tuple[Key, int] | None = None
        self.rows: deque[tuple[Key, int, float, Taken]] = deque()
        self.phase = Taken("setup")
        self.committed_accepted: set[Word] = set()
        self._gc_started = 0.0
        gc.callbacks.append(self._gc)

    def attach(self, bot: BoggleBot) -> None:
        limiter = bot.services.rounds.limiter
        limiter_allow = limiter.allow
        submit = bot.services.writer.submit
        record_guesses = bot.services.storage.record_guesses

        def allow(key: Key, cost: float = 1.0) -> bool:
            ok = limiter_allow(key, cost)
            index = self.seen[key]
            self.seen[key] = index + 1
            self.current = (key, index) if ok else None
            if ok:
                self.phase.admitted += 1
            else:
                self.phase.dropped += 1
            return ok

        def submit_row(row: GuessRow) -> int:
            assert self.current is not None, "a guess that did not pass the limiter"
            self.rows.append((*self.current, time.perf_counter(), self.phase))
            return submit(row)  # the ticket the ✅ waits for

        async def record(rows: Sequence[GuessRow]) -> None:
            started = time.perf_counter()
            await record_guesses(rows)
            self.phase.batches.append(len(rows))
            self.phase.batch_ms.append(1000 * (time.perf_counter() - started))

        limiter.allow = allow  # type: ignore[method-assign, assignment]
        bot.services.writer.submit = submit_row  # type: ignore[method-assign]
        bot.services.storage.record_guesses = record  # type: ignore[method-assign]
        bot.services.writer.on_commit = self.on_commit

    def on_commit(self, batch: list[GuessRow]) -> None:
        now = time.perf_counter()
        for row in batch:
            key, index, judged, phase = self.rows.popleft()
            phase.rows += 1
            phase.verdicts[str(row.verdict)] += 1
            phase.commits.append((key, index, judged, now))
            phase.last_commit = now
            if row.verdict == Verdict.ACCEPTED:
                self.committed_accepted.add((row.round_id, row.player_id, row.word))
                phase.accepted.append((key, index, row.word))

    def _gc(self, stage: str, info: dict[str, int]) -> None:
        """Times every garbage collection: while it runs, the event loop stands still."""
        if stage == "start":
            self._gc_started = time.perf_counter()
        else:
            elapsed = 1000 * (time.perf_counter() - self._gc_started)
            self.phase.gc_ms[info["generation"]].append(elapsed)

    async def watch_loop(self, bot: BoggleBot, every: float = 0.002) -> None:
        """Records how late a short sleep wakes up (the event loop's stalls) and the writer's queue."""
        while True:
            before = time.perf_counter()
            await asyncio.sleep(every)
            late = 1000 * (time.perf_counter() - before - every)
            if late > 5:
                self.phase.stalls_ms.append(late)
            self.phase.max_pending = max(self.phase.max_pending, bot.services.writer.pending)


class BotSide:
    """The calls the bench makes to a bot process, in the order it makes them."""

    def __init__(self, config: BotConfig) -> None:
        self.config = config
        self.clock = Clock()
        self.probe = Probe()
        self.app: App | None = None
        self.bot: BoggleBot | None = None
        self.task: asyncio.Task[None] | None = None
        self.lives: list[LiveRound] = []
        self.watcher: asyncio.Task[None] | None = None
        self.profiler: cProfile.Profile | None = None
        self.marks = (0, 0.0)  # Feedback.calls and CPU time when the phase began

    async def start(self, api_base: str, gateway_url: str) -> Started:
        """Log the bot in to the stand-in (the lexicon from the warm cache); once it is ready."""
        config = self.config
        rss_start = proc_status("VmRSS")
        started = time.perf_counter()
        lexicon = await asyncio.to_thread(cached, config.dictionary, config.lexicon_cache)
        if lexicon is None:
            raise RuntimeError(
                f"no lexicon in the cache {config.lexicon_cache}: the bench builds it"
            )
        lexicon_ms = 1000 * (time.perf_counter() - started)
        rss_lexicon = proc_status("VmRSS")
        point_discord_at(api_base, gateway_url)
        self.app = App(
            Settings(database=config.database, shards=config.slice, web=web_settings(config)),
            Tuning(
                clock=self.clock, tick=0.5, lexicons={"en": lexicon}, rng=random.Random(config.seed)
            ),
            reads_messages=config.reads_messages,
        )
        self.bot = self.app.client
        self.task = await start_bot(self.bot)
        self.probe.attach(self.bot)
        return Started(lexicon_ms, rss_start, rss_lexicon, proc_status("VmRSS"))

    def web_url(self) -> str:
        """Where the bot serves the Activity's page (``BotConfig.web``)."""
        assert self.app is not None and self.app.web is not None
        return self.app.web.url

    def rss(self) -> float:
        return proc_status("VmRSS")

    async def rounds(self, channels: set[int]) -> dict[int, Running]:
        """Once every one of ``channels`` has its round posted: each channel's round."""
        assert self.bot is not None
        self.lives = await wait_for_rounds(self.bot, channels)
        return {
            live.channel_id: Running(
                live.id,
                live.game.board,
                live.game.rules,
                dict(live.game.solution),
            )
            for live in self.lives
        }

    def begin(self, name: str) -> None:
        """A phase begins; the first one starts the watchers."""
        assert self.bot is not None
        self.probe.phase = Taken(name)
        if self.watcher is None:
            if self.config.tracemalloc:
                tracemalloc.start()
            if self.config.profile:
                self.profiler = cProfile.Profile()
                self.profiler.enable()
            self.watcher = asyncio.create_task(self.probe.watch_loop(self.bot))
        self.marks = (self.bot.services.rounds.feedback.calls, time.process_time())

    async def end(self, sent: dict[Key, int]) -> Taken:
        """Once every message of ``sent`` (how many each of this process's players sent in all)
        has reached the bot and every guess is committed: the phase's record."""
        bot = self.bot
        assert bot is not None
        deadline = time.monotonic() + DRAIN_TIMEOUT
        while (
            any(self.probe.seen[key] < count for key, count in sent.items())
            or bot.services.writer.pending
            or self.probe.rows
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot is still behind after {DRAIN_TIMEOUT}s")
            await asyncio.sleep(0.005)
        phase = self.probe.phase
        phase.drained = time.perf_counter()
        calls, cpu = self.marks
        phase.cpu_seconds = time.process_time() - cpu
        phase.feedback_calls = bot.services.rounds.feedback.calls - calls
        return phase

    def loaded(self) -> Loaded:
        """After the last phase: stop the watchers; what is accepted in memory and committed."""
        if self.watcher is not None:
            self.watcher.cancel()
        if self.profiler is not None and self.config.profile:
            self.profiler.disable()
            self.profiler.dump_stats(self.config.profile)
        traced = tracemalloc.get_traced_memory()[1] / 2**20 if self.config.tracemalloc else None
        tracemalloc.stop()
        in_memory = frozenset(
            (live.id, player, word)
            for live in self.lives
            for player, found in live.game.found.items()
            for word in found
        )
        return Loaded(
            in_memory, frozenset(self.probe.committed_accepted), proc_status("VmRSS"), traced
        )

    def end_rounds(self) -> float:
        """Move the clock past every deadline of this process's rounds; when it was moved."""
        latest = max(live.game.deadline for live in self.lives)
        ended = time.perf_counter()
        self.clock.offset += latest - self.clock() + 1.0
        return ended

    async def quiet(self) -> None:
        """Until the bot has let go of every round (results written), or ``QUIET_TIMEOUT``."""
        assert self.bot is not None
        deadline = time.monotonic() + QUIET_TIMEOUT
        while self.bot.services.rounds.live and time.monotonic() < deadline:
            await asyncio.sleep(0.01)

    async def close(self) -> float:
        """Stop the bot; the process's peak RSS."""
        if self.bot is not None and self.task is not None:
            await stop_bot(self.bot, self.task)
        return proc_status("VmHWM")


def web_settings(config: BotConfig) -> WebSettings:
    """The page off, or on a free port of 127.0.0.1 with the stand-in's client secret."""
    return WebSettings("127.0.0.1", 0, STANDIN_CLIENT_SECRET) if config.web else WebSettings()


async def start_bot(bot: BoggleBot) -> asyncio.Task[None]:
    """Log the bot in to the stand-in; return once it is ready."""
    task = asyncio.create_task(bot.start("bench.fake.token"), name="bot")
    deadline = time.monotonic() + READY_TIMEOUT
    while not bot.is_ready():
        if task.done():
            task.result()
            raise RuntimeError("the bot stopped before it was ready")
        if time.monotonic() > deadline:
            raise TimeoutError("the bot is not ready")
        await asyncio.sleep(0.01)
    return task


async def stop_bot(bot: BoggleBot, task: asyncio.Task[None]) -> None:
    await bot.close()
    with contextlib.suppress(BaseException):
        await asyncio.wait_for(task, 10.0)


async def wait_for_rounds(bot: BoggleBot, channels: set[int]) -> list[LiveRound]:
    """Every channel's live round, once its board is posted."""
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        lives = [bot.services.rounds.live.get(c) for c in channels]
        if all(live is not None and live.stored.board_message_id for live in lives):
            return lives  # type: ignore[return-value]
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {sum(x is not None for x in lives)} rounds started")
        await asyncio.sleep(0.02)


def run_bot(conn: Connection, config: BotConfig) -> None:
    """The child process's entry point: serve the bench's calls until it says stop."""
    logging.basicConfig(
        level=logging.WARNING, format=f"bot {config.shard} %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice support: fine
    asyncio.run(serve(conn, BotSide(config)))
