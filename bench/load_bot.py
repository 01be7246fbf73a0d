"""bench_load's bot: a child process running the real bot with measurement wrappers.

The real ``BoggleBot`` on the configuration's database and shards, driven over the pipe
(``load_link``); measured by ``load_probe``, on ``perf_counter`` (one clock for every process).
"""

from __future__ import annotations

import asyncio
import contextlib
import cProfile
import logging
import random
import time
import tracemalloc
from multiprocessing.connection import Connection

from load_link import proc_status, serve
from load_probe import Clock, Probe
from load_records import BotConfig, Key, Loaded, Running, Started, Taken

from bot.app import App
from bot.config.settings import Settings, WebSettings
from bot.discord.client import BoggleBot
from bot.discord.endpoints import point_discord_at
from bot.rounds.discord import channel_view_of
from bot.rounds.live import LiveRound
from bot.services import Services, Tuning
from bot.world.model import WorldChannel
from core.lexicon import cached
from standin.activities import STANDIN_CLIENT_SECRET

READY_TIMEOUT = 60.0
DRAIN_TIMEOUT = 60.0
QUIET_TIMEOUT = 30.0


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
            Settings(
                database=config.database,
                shards=config.slice,
                web=web_settings(config),
                world_every=config.world_every,
            ),
            Tuning(
                clock=self.clock,
                tick=0.5,
                lexicons={"en": lexicon},
                rng=random.Random(config.seed),
                achievements=config.achievements,
            ),
            reads_messages=config.reads_messages,
        )
        self.bot = self.app.client
        self.task = await start_bot(self.bot)
        self.probe.attach(self.services)
        return Started(lexicon_ms, rss_start, rss_lexicon, proc_status("VmRSS"))

    @property
    def services(self) -> Services:
        """The running bot's services (the composition root's: the client holds none)."""
        assert self.app is not None and self.app.services is not None, "the bot is not started"
        return self.app.services

    def web_url(self) -> str:
        """Where the bot serves the Activity's page (``BotConfig.web``)."""
        assert self.app is not None and self.app.web is not None
        return self.app.web.url

    def rss(self) -> float:
        return proc_status("VmRSS")

    async def rounds(self, channels: set[int]) -> dict[int, Running]:
        """Once every one of ``channels`` has its round posted: each channel's round."""
        self.lives = await wait_for_rounds(self.services, channels)
        return {
            live.channel_id: Running(
                live.id,
                live.game.board,
                live.game.rules,
                dict(live.game.solution),
                len(live.stored.entrant_ids or ()),
            )
            for live in self.lives
        }

    def begin(self, name: str) -> None:
        """A phase begins; the first one starts the watchers."""
        self.probe.phase = Taken(name)
        if self.watcher is None:
            if self.config.tracemalloc:
                tracemalloc.start()
            if self.config.profile:
                self.profiler = cProfile.Profile()
                self.profiler.enable()
            self.watcher = asyncio.create_task(self.probe.watch_loop(self.services))
        assert self.bot is not None
        self.marks = (channel_view_of(self.bot).feedback.calls, time.process_time())

    async def end(self, sent: dict[Key, int]) -> Taken:
        """Once every message of ``sent`` (how many each of this process's players sent in all)
        has reached the bot and every guess is committed: the phase's record."""
        services = self.services
        deadline = time.monotonic() + DRAIN_TIMEOUT
        while (
            any(self.probe.seen[key] < count for key, count in sent.items())
            or services.writer.pending
            or self.probe.rows
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot is still behind after {DRAIN_TIMEOUT}s")
            await asyncio.sleep(0.005)
        phase = self.probe.phase
        phase.drained = time.perf_counter()
        calls, cpu = self.marks
        phase.cpu_seconds = time.process_time() - cpu
        assert self.bot is not None
        phase.feedback_calls = channel_view_of(self.bot).feedback.calls - calls
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

    async def set_channels(self, channels: list[tuple[int, int]]) -> None:
        """World channels (guild, channel) in English, stored as ``/boggle-config world`` does."""
        store = self.services.world.store
        for guild_id, channel_id in channels:
            await store.set_world_channel(WorldChannel(guild_id, channel_id, "en"), self.clock())

    def move_to(self, instant: float) -> float:
        """The bot's clock to ``instant``; when that was, on ``perf_counter``."""
        self.clock.move_to(instant)
        return time.perf_counter()

    def end_rounds(self) -> float:
        """Move the clock past every deadline of this process's rounds; when it was moved."""
        latest = max(live.game.deadline for live in self.lives)
        ended = time.perf_counter()
        self.clock.offset += latest - self.clock() + 1.0
        return ended

    async def quiet(self) -> None:
        """Until the bot has let go of every round (results written), or ``QUIET_TIMEOUT``."""
        deadline = time.monotonic() + QUIET_TIMEOUT
        # The bot's own state, read as the bench finds it: its code is not changed to signal.
        while self.services.rounds.live and time.monotonic() < deadline:  # noqa: ASYNC110
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


async def wait_for_rounds(services: Services, channels: set[int]) -> list[LiveRound]:
    """Every channel's live round, once its board is posted."""
    deadline = time.monotonic() + READY_TIMEOUT
    while True:
        lives = [services.rounds.live.get(c) for c in channels]
        posted = [live for live in lives if live is not None and live.stored.board_message_id]
        if len(posted) == len(lives):
            return posted
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
