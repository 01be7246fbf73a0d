"""What crosses the pipe between bench_load and a bot process (``load_bot``): the bot's orders
(``BotConfig``) and its answers, a phase's record (``Taken``) among them.

Here, in a module of their own, because a pickled class must import by the same name in both
processes (``load_link``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bot.config.shards import ShardSlice
from core.board import Board
from core.round import Rules
from core.solver import Path as WordPath

Key = tuple[int, int]  # (channel id, player id)
Word = tuple[int, int, str]  # round id, player id, word


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
    achievements: bool = True  # False: the achievement checks left out (Tuning.achievements)
    world_every: int = 180  # BOGGLE_WORLD_EVERY (bench_world: a short rhythm)

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
    entrants: int = 0  # a tournament's round: its entrants (only their words count)


@dataclass(frozen=True)
class Loaded:
    """After the load, before the rounds end: what the rounds hold in memory and what was
    committed as accepted, and the process's memory."""

    in_memory: frozenset[Word]
    committed: frozenset[Word]
    rss_after: float
    traced_peak: float | None
