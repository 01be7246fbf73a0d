"""The process's metrics: a registry of its own (one per ``App``, so tests and two apps in one
process never share counts), fed by the services' events (guesses judged and committed, rounds
started and ended), the Discord HTTP trace (``discord_http``) and readings
taken at scrape time (rounds running, sockets open, gateway latency, database errors)."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterable
from typing import Protocol

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.kernel.events import EventBus
from bot.rounds.events import GuessesCommitted, GuessesJudged, RoundEnded, RoundStarted
from bot.rounds.model import GuessRow
from bot.services import Services
from bot.world.service import WorldService

# A commit is a few milliseconds on a healthy disk; seconds mean a locked or distant database.
COMMIT_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Writer(Protocol):
    """What the metrics read of the guess writer (``bot.rounds.writer.GuessWriter``)."""

    retries: int
    rejected: list[GuessRow]


class Metrics:
    """Everything ``/metrics`` shows; ``watch_*`` connects it to what it counts."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        registry = self.registry
        self.guesses = Counter(
            "boggle_guesses",
            "Words judged in rounds, by where they came from and their verdict.",
            ["source", "verdict"],
            registry=registry,
        )
        self.rounds_started = Counter(
            "boggle_rounds_started", "Rounds whose board was posted.", registry=registry
        )
        self.rounds_ended = Counter(
            "boggle_rounds_ended", "Rounds scored and ended by this process.", registry=registry
        )
        self.commit_seconds = Histogram(
            "boggle_guess_commit_seconds",
            "Time the guess writer took to commit a batch (retries included).",
            buckets=COMMIT_BUCKETS,
            registry=registry,
        )
        self.discord_requests = Counter(
            "boggle_discord_requests",
            "Requests to Discord's HTTP API, by method and status (error: no response).",
            ["method", "status"],
            registry=registry,
        )
        self.discord_rate_limited = Counter(
            "boggle_discord_rate_limited",
            "Discord's 429 answers, by X-RateLimit-Scope (user, global, shared).",
            ["scope"],
            registry=registry,
        )
        self.readings = Readings()
        registry.register(self.readings)

    def watch_services(self, services: Services) -> None:
        """Count what the services publish, time the guess writer, read the rounds running."""
        self.watch_events(services.events)
        self.watch_writer(services.writer, services.events)
        self.readings.rounds_running = lambda: len(services.rounds.live)
        outbox = services.outbox
        self.readings.posts = {"sent": lambda: outbox.sent, "given_up": lambda: outbox.given_up}
        self.readings.world = services.world

    def watch_events(self, events: EventBus) -> None:
        """Count what the services publish."""
        events.subscribe(GuessesJudged, self._judged)
        events.subscribe(RoundStarted, lambda _: self.rounds_started.inc())
        events.subscribe(RoundEnded, lambda _: self.rounds_ended.inc())

    def watch_writer(self, writer: Writer, events: EventBus) -> None:
        """Time every commit of the guess writer (told on ``events``); its retries and refusals
        are database errors."""
        events.subscribe(GuessesCommitted, lambda e: self.commit_seconds.observe(e.seconds))
        self.readings.database_errors["retried"] = lambda: writer.retries
        self.readings.database_errors["rejected"] = lambda: len(writer.rejected)

    def _judged(self, event: GuessesJudged) -> None:
        for verdict in event.verdicts:
            self.guesses.labels(event.source.value, verdict.value).inc()


class Readings(Collector):
    """Values read when Prometheus scrapes, from whoever holds them (no copy kept in step)."""

    def __init__(self) -> None:
        self.rounds_running: Callable[[], float] = lambda: 0
        self.sockets_open: Callable[[], float] = lambda: 0
        self.gateway_latency: Callable[[], float] = lambda: float("nan")
        self.database_errors: dict[str, Callable[[], float]] = {}
        self.posts: dict[str, Callable[[], float]] = {}  # the outbox's, by outcome
        self.world: WorldService | None = None
        self.ping_failures = 0

    def collect(self) -> Iterable[Metric]:
        yield GaugeMetricFamily(
            "boggle_rounds_running", "Rounds live in this process.", value=self.rounds_running()
        )
        yield GaugeMetricFamily(
            "boggle_web_sockets_open",
            "The Activity's play sockets open on this process.",
            value=self.sockets_open(),
        )
        yield GaugeMetricFamily(
            "boggle_gateway_latency_seconds",
            "Discord gateway heartbeat latency (NaN: not connected).",
            value=self.gateway_latency(),
        )
        errors = CounterMetricFamily(
            "boggle_database_errors",
            "Database failures: writes retried, rows rejected, health pings failed.",
            labels=["kind"],
        )
        for kind, read in sorted(self.database_errors.items()):
            errors.add_metric([kind], read())
        errors.add_metric(["ping"], self.ping_failures)
        yield errors
        posts = CounterMetricFamily(
            "boggle_posts",
            "Posts the bot owed, by outcome: sent, or given up (the channel gone or closed).",
            labels=["outcome"],
        )
        for outcome, read in sorted(self.posts.items()):
            posts.add_metric([outcome], read())
        yield posts
        if self.world is not None:
            yield from _world(self.world)
        # A leak in Python shows here before the RSS; RSS that grows while these stay flat is
        # native memory (SQLite, Pillow, the allocator).
        yield GaugeMetricFamily(
            "boggle_python_objects",
            "Objects the garbage collector tracks (those frozen at start aside).",
            value=len(gc.get_objects()),
        )
        yield GaugeMetricFamily(
            "boggle_python_allocated_blocks",
            "Memory blocks Python's object allocator holds (sys.getallocatedblocks).",
            value=sys.getallocatedblocks(),
        )


def _world(world: WorldService) -> Iterable[Metric]:
    """The world round's fan-out: its channels, its pace, and whether it is stretched."""
    channels = GaugeMetricFamily(
        "boggle_world_channels",
        "World channels by language, as counted at the last world round's opening.",
        labels=["language"],
    )
    for language, count in sorted(world.counts.items()):
        channels.add_metric([language], count)
    yield channels
    fan_out = world.fan_out
    yield GaugeMetricFamily(
        "boggle_world_stride",
        "Slots of the world rhythm a world round takes (1: not stretched).",
        value=world.stride,
    )
    yield GaugeMetricFamily(
        "boggle_world_every_seconds",
        "Seconds from one world round to the next, stretched or not.",
        value=world.every,
    )
    yield GaugeMetricFamily(
        "boggle_world_fan_out_seconds",
        "Seconds a world round's results take to reach every world channel (all processes).",
        value=0.0 if fan_out is None else fan_out.seconds,
    )
    yield GaugeMetricFamily(
        "boggle_world_pace",
        "Requests a second this process's world posts may make (its share of the global limit).",
        value=world.pace.rate,
    )
    yield GaugeMetricFamily(
        "boggle_world_posts_waiting",
        "World posts waiting for their turn in this process's pace.",
        value=world.pace.waiting,
    )
    yield CounterMetricFamily(
        "boggle_world_boards_skipped",
        "World boards not posted: their turn came after their round's close.",
        value=world.boards_skipped,
    )
    yield CounterMetricFamily(
        "boggle_world_acks_skipped",
        "World chat words that scored without a ✅: past the share of the global limit for them.",
        value=world.acks_skipped,
    )
