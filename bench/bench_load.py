"""Load benchmark of the whole bot: many channels playing at once through the Discord stand-in.

Run by hand from the repository root (not a test; it stops by itself, 127.0.0.1 only)::

    .venv/bin/python bench/bench_load.py [--channels 50] [--players 5] [--seconds 20]
        [--rate 3] [--burst-seconds 5] [--seed 1] [--profile FILE] [--tracemalloc]

Design. Two processes, so the bot has a core to itself as in production:

- this process runs the real bot (``BoggleBot`` with every cog, a real SQLite file in a
  temporary directory, the real English lexicon built into a temporary cache), pointed at
- a child process that runs the stand-in (``standin``: one guild, ``--channels`` channels,
  ``--players`` members per channel) and the simulated players, driven over a pipe.

An earlier in-process version (bot, stand-in and players on one event loop) measured the
stand-in's own cost and, worse, its garbage: the stand-in keeps every message, transcript entry
and API call, so the bot's full garbage collections grew to 100-300 ms and set the p99. In a
separate process the bot's heap holds only the bot.

The players of a channel start a round with ``/boggle start``; then two phases:

1. ``paced``: every player sends a message every ``1/--rate`` seconds (jittered, open loop: a late
   send does not push the schedule back), just under the spam limit of ``GUESSES_PER_SECOND`` per
   player, so nothing is refused. Messages hold 1-3 words: words on the board (often found by
   others too), the player's own repeats, non-words, dictionary words not on the board and
   too-short words, as people type them (capitals, commas).
2. ``burst``: every player sends back to back for ``--burst-seconds``, as fast as the stand-in
   delivers (the websocket's back-pressure is the only brake). The per-user limiter drops most
   messages; they are counted, and are not lost words.

After each phase the bench waits until every message sent has reached the bot and every guess is
committed, so a phase's rate includes its backlog. Then the clock is moved past the deadline,
every round ends at its runner's next tick (0.5 s, as in production), and the bench waits for
the results message in every channel. Before that, it waits (up to ``SHOWN_TIMEOUT``) until every
word accepted from chat has been shown to its player: the round's last edit names no news, so a
word not shown by then never is.

Measurement. The bench wraps the per-user limiter's ``allow``, ``GuessWriter.submit`` and
``Storage.record_guesses`` (to time transactions) on the bot instance and sets
``GuessWriter.on_commit``; the bot's code is unchanged. A player's messages reach the bot in the order sent,
so the n-th ``allow`` of a (channel, player) is that player's n-th message, and rows commit in the
order submitted; the child reports each message's send time. ``time.perf_counter`` is
CLOCK_MONOTONIC on Linux, one clock for both processes, so:

- guesses/s: words judged and committed in the phase over first send to last commit;
- latency: just before ``StandIn.user_says`` (child) to the return of the commit holding the row
  (bot), median, p99 and max; the part up to the judgement in memory is shown apart;
- Discord API calls per guess: REST calls the stand-in received in the phase over the guesses,
  against the naive 1.0 of one reaction per guess ("well below one" is taken as under 0.2);
- accepted word -> visible to its player: from the send of the message that holds a word the
  bot accepted (a committed row) to the earliest of a ✅ reaction by the bot on that message and
  a board edit whose status line for that player (it starts with the player's display name, all
  distinct) names the word after ``✅``, both as the stand-in recorded them (``on_transcript``,
  in the child); median, p99, max, and the words never shown; apart, how many a reaction showed
  first, the status alone, and the gaps between a board's status edits (what sets the delay);
- memory: VmRSS/VmHWM of the bot process (with the lexicon), optionally tracemalloc's peak;
- lost words: words accepted in memory (``Round.found``) or committed as accepted that are not in
  ``found_words`` once the rounds are over; must be 0;
- the ceiling: ``core.round.Round.guess`` on the same boards and messages, no Discord, no disk;
- event-loop stalls (a 2 ms sleep waking late) and garbage collections in the bot process.

Exit 1 when a round's results never appear, a word is lost or an accepted word is never shown
to its player; unmet targets are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gc
import logging
import math
import multiprocessing
import pstats
import random
import sqlite3
import statistics
import string
import sys
import tempfile
import time
import tracemalloc
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bot.app import GUESS_BURST, GUESSES_PER_SECOND, BoggleBot  # noqa: E402
from bot.catalogue import text as wording  # noqa: E402
from bot.discord_publisher import ACCEPTED  # noqa: E402
from bot.live_round import LiveRound  # noqa: E402
from bot.render.text import clean_name  # noqa: E402
from bot.settings import Settings  # noqa: E402
from bot.storage import GuessRow  # noqa: E402
from core.dice import DATA_DIR  # noqa: E402
from core.lexicon import Lexicon, load  # noqa: E402
from core.round import Round, Verdict  # noqa: E402
from standin import StandIn  # noqa: E402
from standin.hooks import point_discord_at  # noqa: E402
from standin.recorder import TranscriptEntry  # noqa: E402
from standin.state import World  # noqa: E402

EN_WORDS = DATA_DIR / "words" / "en.txt"
TARGET_GUESSES_PER_SECOND = 500.0
TARGET_P99_MS = 100.0
NAIVE_CALLS_PER_GUESS = 1.0
WELL_BELOW = 0.2  # "well below one": at most a fifth of the naive calls
RESULTS_TIMEOUT = 30.0
DRAIN_TIMEOUT = 60.0
READY_TIMEOUT = 60.0
TARGET_VISIBLE_P99_S = 5.0  # "within a few seconds"
SHOWN_TIMEOUT = 30.0  # after the load, how long every accepted word has to appear

Key = tuple[int, int]  # (channel id, player id)
Accepted = tuple[int, int, int, str]  # channel id, player id, message id, word


class Clock:
    """Wall time plus an offset, so the bench can end every round at once."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


# --- the players' side (child process) ------------------------------------------------------------


@dataclass
class Player:
    channel_id: int
    user_id: int
    rng: random.Random
    found: list[str] = field(default_factory=list)


class Typist:
    """Makes the messages: a mix of good words, repeats and wrong words, 1-3 a message."""

    def __init__(self, solutions: dict[int, list[str]], not_on_board: list[str]) -> None:
        self.solutions = solutions
        self.not_on_board = not_on_board

    def message(self, player: Player) -> str:
        rng = player.rng
        words = [self._word(player, rng) for _ in range(rng.choices((1, 2, 3), (5, 3, 2))[0])]
        if rng.random() < 0.2:
            words = [w.upper() for w in words]
        return (", " if rng.random() < 0.3 else " ").join(words)

    def _word(self, player: Player, rng: random.Random) -> str:
        roll = rng.random()
        if roll < 0.45:  # on the board: accepted, or already found by this player
            word = rng.choice(self.solutions[player.channel_id])
            player.found.append(word)
            return word
        if roll < 0.55 and player.found:  # a repeat of one's own word
            return rng.choice(player.found)
        if roll < 0.75:  # letters that are (almost always) not a word
            return "".join(rng.choices(string.ascii_lowercase, k=rng.randint(3, 8)))
        if roll < 0.95:  # a dictionary word this board cannot spell (almost always)
            return rng.choice(self.not_on_board)
        return rng.choice(("ab", "it", "on", "go"))  # too short


@dataclass
class Sent:
    """What the players sent in one phase: send times and message ids per (channel, player), in
    order."""

    started: float
    done: float
    max_lag: float
    times: dict[Key, list[float]]
    ids: dict[Key, list[int]]
    texts: list[tuple[int, int, str]]


def build_world(channels: int, players: int) -> tuple[World, list[Key], dict[str, int]]:
    """One guild, ``channels`` channels, ``players`` members for each; (channel, user) pairs, and
    each player by the display name the status shows (letters and digits: nothing to escape)."""
    world = World()
    guild = world.add_guild("Load")
    pairs = []
    by_name: dict[str, int] = {}
    for c in range(channels):
        channel = world.add_channel(guild.id, f"boggle-{c}")
        for p in range(players):
            name = f"Player{c}x{p}"
            member = world.add_member(guild.id, f"p{c}x{p}", name)
            pairs.append((channel.id, member.user.id))
            by_name[clean_name(name)] = member.user.id
    assert len(by_name) == len(pairs), "display names must be distinct"
    return world, pairs, by_name


class Driver:
    """The child process: the stand-in and the players, doing what the bot process asks."""

    def __init__(
        self, standin: StandIn, pairs: list[Key], by_name: dict[str, int], seed: int
    ) -> None:
        self.standin = standin
        master = random.Random(seed)
        self.players = [Player(c, u, random.Random(master.random())) for c, u in pairs]
        self.typist: Typist | None = None
        self.calls_mark = 0
        self.posted: dict[int, float] = {}
        self.shown = Shown(standin.world.bot.id, set(pairs), by_name)
        standin.on_transcript(self.shown.see)

    async def start_rounds(self, time_option: str) -> None:
        """``/boggle start`` in every channel, by its first player."""
        starters: dict[int, int] = {}
        for p in self.players:
            starters.setdefault(p.channel_id, p.user_id)
        for channel_id, user_id in starters.items():
            await self.standin.slash(channel_id, user_id, "boggle start", {"time": time_option})

    def set_words(self, solutions: dict[int, list[str]], not_on_board: list[str]) -> None:
        self.typist = Typist(solutions, not_on_board)

    async def phase(self, seconds: float, rate: float | None) -> tuple:
        """Every player sends for ``seconds``, ``rate`` messages a second or unpaced.

        Returns the ``Sent`` as a tuple: the bot process cannot unpickle ``__mp_main__`` classes.
        """
        self.calls_mark = self.standin.api_call_count
        loop = asyncio.get_running_loop()
        sent = Sent(time.perf_counter(), 0.0, 0.0, {}, {}, [])
        start = loop.time()
        await asyncio.gather(*(self._player(p, start, seconds, rate, sent) for p in self.players))
        sent.done = time.perf_counter()
        return (sent.started, sent.done, sent.max_lag, sent.times, sent.ids, sent.texts)

    async def _player(
        self, player: Player, start: float, seconds: float, rate: float | None, sent: Sent
    ) -> None:
        assert self.typist is not None
        loop = asyncio.get_running_loop()
        rng = player.rng
        end = start + seconds
        next_at = start + (rng.random() / rate if rate else 0.0)
        times = sent.times.setdefault((player.channel_id, player.user_id), [])
        ids = sent.ids.setdefault((player.channel_id, player.user_id), [])
        while next_at < end:
            if rate is not None:
                delay = next_at - loop.time()
                if delay > 0:
                    await asyncio.sleep(delay)
                sent.max_lag = max(sent.max_lag, loop.time() - next_at)
                next_at += rng.uniform(0.8, 1.2) / rate
            else:
                next_at = loop.time()
            text = self.typist.message(player)
            sent.texts.append((player.channel_id, player.user_id, text))
            times.append(time.perf_counter())
            message = await self.standin.user_says(player.channel_id, player.user_id, text)
            ids.append(message.id)

    def calls(self) -> tuple[int, Counter[str]]:
        """REST calls since the phase began, and how many per route."""
        calls = self.standin.calls[self.calls_mark :]
        return len(calls), Counter(f"{c.method} {c.route}" for c in calls)

    def watch_results(self) -> None:
        """From now on, note when each channel's results message appears."""
        bot_id = self.standin.world.bot.id

        def watch(entry: TranscriptEntry) -> None:
            results = entry.kind == "message" and "Round over" in entry.content
            if results and entry.author_id == bot_id:
                self.posted.setdefault(entry.channel_id, time.perf_counter())

        self.standin.on_transcript(watch)

    async def wait_results(self, channels: int, timeout: float) -> tuple[dict[int, float], int]:
        """When each channel's results appeared; and the run's total of API calls."""
        deadline = time.monotonic() + timeout
        while len(self.posted) < channels and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return dict(self.posted), self.standin.api_call_count

    async def wait_shown(self, words: list[Accepted], timeout: float) -> tuple:
        """Until each accepted word is visible to its player (or ``timeout``): when each became
        so, by ✅ reaction and by status edit (None: not yet); and each channel's edit times."""
        deadline = time.monotonic() + timeout
        waiting = list(words)
        while waiting and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            waiting = [w for w in waiting if self.shown.first(w) is None]
        return [self.shown.when(w) for w in words], self.shown.edits

    def memory(self) -> float:
        return proc_status("VmHWM")


class Shown:
    """When each accepted word became visible to its player: a ✅ by the bot on the message
    that holds it, or a board edit whose status line for that player names it after ✅."""

    def __init__(self, bot_id: int, pairs: set[Key], by_name: dict[str, int]) -> None:
        self.bot_id = bot_id
        self.pairs = pairs
        self.by_name = by_name
        self.reacted: dict[int, float] = {}  # message id -> the bot's first ✅ on it
        self.named: dict[tuple[int, int, str], float] = {}  # (channel, player, word) -> first
        self.edits: dict[int, list[float]] = {}  # channel -> when the bot edited a message
        self.mark = wording("status.accepted")  # " · ✅ "
        self.separator = self.mark[: self.mark.index("✅")]  # " · ", between a line's parts

    def see(self, entry: TranscriptEntry) -> None:
        now = time.perf_counter()
        if entry.kind == "reaction":
            if entry.reactor_id == self.bot_id and entry.emoji == ACCEPTED:
                self.reacted.setdefault(entry.message_id, now)
        elif entry.kind == "edit" and entry.author_id == self.bot_id:
            self.edits.setdefault(entry.channel_id, []).append(now)
            for player, word in self._named(entry.channel_id, entry.content):
                self.named.setdefault((entry.channel_id, player, word), now)

    def _named(self, channel_id: int, content: str) -> list[tuple[int, str]]:
        """(player, word) for each word a status line names as accepted: the line starts with
        the player's display name, the words follow the mark, separated by commas."""
        found = []
        for line in content.splitlines():
            start = line.find(self.mark)
            if start < 0:
                continue
            player = self.by_name.get(line.split(self.separator, 1)[0])
            if player is None or (channel_id, player) not in self.pairs:
                continue
            words = line[start + len(self.mark) :].split(self.separator, 1)[0]
            found += [(player, w) for w in words.split(", ") if w and "…" not in w]
        return found

    def when(self, word: Accepted) -> tuple[float | None, float | None]:
        channel_id, player, message_id, w = word
        return self.reacted.get(message_id), self.named.get((channel_id, player, w))

    def first(self, word: Accepted) -> float | None:
        return min((t for t in self.when(word) if t is not None), default=None)


def drive(conn: Connection, channels: int, players: int, seed: int) -> None:
    """The child process's entry point: serve commands ``(name, *args)`` until ``stop``."""
    logging.basicConfig(level=logging.WARNING, format="driver %(levelname)s %(name)s: %(message)s")
    asyncio.run(_drive(conn, channels, players, seed))


async def _drive(conn: Connection, channels: int, players: int, seed: int) -> None:
    world, pairs, by_name = build_world(channels, players)
    loop = asyncio.get_running_loop()
    async with StandIn(world) as standin:
        driver = Driver(standin, pairs, by_name, seed)
        conn.send((standin.api_base, standin.gateway_url, pairs))
        while True:
            name, *args = await loop.run_in_executor(None, conn.recv)
            if name == "stop":
                break
            result = getattr(driver, name)(*args)
            if asyncio.iscoroutine(result):
                result = await result
            conn.send(result)


class Remote:
    """The bot process's handle on the driver: ``await remote.call("phase", ...)``."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn

    async def call(self, name: str, *args: Any) -> Any:
        self.conn.send((name, *args))
        return await self.receive()

    async def receive(self) -> Any:
        """The driver's next message; EOFError if it died (its traceback is on stderr)."""
        return await asyncio.get_running_loop().run_in_executor(None, self.conn.recv)


# --- the bot's side (this process) ----------------------------------------------------------------


@dataclass
class Phase:
    """What one phase sent and what the bot made of it."""

    name: str
    sent: Sent | None = None
    drained: float = 0.0
    admitted: int = 0
    dropped: int = 0
    rows: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    commits: list[tuple[Key, int, float, float]] = field(default_factory=list)
    judged_ms: list[float] = field(default_factory=list)
    committed_ms: list[float] = field(default_factory=list)
    last_commit: float = 0.0
    api_calls: int = 0
    routes: Counter[str] = field(default_factory=Counter)
    feedback_calls: int = 0
    batches: list[int] = field(default_factory=list)
    batch_ms: list[float] = field(default_factory=list)
    stalls_ms: list[float] = field(default_factory=list)
    gc_ms: dict[int, list[float]] = field(default_factory=lambda: {0: [], 1: [], 2: []})
    cpu_seconds: float = 0.0
    max_pending: int = 0
    accepted: list[tuple[Key, int, str]] = field(default_factory=list)  # message index, word
    visible_s: list[float] = field(default_factory=list)  # message -> its word visible
    shown_after_s: list[float] = field(default_factory=list)  # those shown after the last send
    shown_during_s: list[float] = field(default_factory=list)  # and those shown before it
    status_s: list[float] = field(default_factory=list)  # message -> its word in the status
    first_by_reaction: int = 0
    unseen: list[tuple[Key, str]] = field(default_factory=list)
    edit_gaps_s: list[float] = field(default_factory=list)  # between a board's status edits

    @property
    def messages(self) -> int:
        return len(self.sent.texts) if self.sent else 0

    @property
    def seconds(self) -> float:
        """First send to last commit: the backlog left when the senders stop counts."""
        assert self.sent is not None
        return max(self.last_commit, self.sent.done) - self.sent.started

    @property
    def guesses_per_second(self) -> float:
        return self.rows / self.seconds if self.seconds > 0 else 0.0

    def join(self, times: dict[Key, list[float]]) -> None:
        """Latencies, from each player's send times over the whole run."""
        for key, index, judged, committed in self.commits:
            sent = times[key][index]
            self.judged_ms.append(1000 * (judged - sent))
            self.committed_ms.append(1000 * (committed - sent))

    def shown(
        self, key: Key, word: str, sent: float, reacted: float | None, named: float | None
    ) -> None:
        """When an accepted word became visible: by ✅ on its message, or named in the status."""
        if reacted is None and named is None:
            self.unseen.append((key, word))
            return
        first = min(t for t in (reacted, named) if t is not None)
        self.visible_s.append(first - sent)
        assert self.sent is not None
        (self.shown_after_s if first > self.sent.done else self.shown_during_s).append(first - sent)
        if named is None or (reacted is not None and reacted <= named):
            self.first_by_reaction += 1
        if named is not None:
            self.status_s.append(named - sent)

    def edits(self, edits: dict[int, list[float]]) -> None:
        """The gaps between each board's status edits while the phase ran."""
        assert self.sent is not None
        for times in edits.values():
            during = [t for t in times if self.sent.started <= t <= self.drained]
            self.edit_gaps_s += [b - a for a, b in pairwise(during)]


class Probe:
    """Ties every committed guess row to the message it came from, without changing the bot."""

    def __init__(self) -> None:
        self.seen: Counter[Key] = Counter()
        self.current: tuple[Key, int] | None = None
        self.rows: deque[tuple[Key, int, float, Phase]] = deque()
        self.phase = Phase("setup")
        self.committed_accepted: set[tuple[int, int, str]] = set()
        self._gc_started = 0.0
        gc.callbacks.append(self._gc)

    def attach(self, bot: BoggleBot) -> None:
        limiter_allow = bot.guess_limiter.allow
        submit = bot.writer.submit
        record_guesses = bot.storage.record_guesses

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

        bot.guess_limiter.allow = allow  # type: ignore[method-assign, assignment]
        bot.writer.submit = submit_row  # type: ignore[method-assign]
        bot.storage.record_guesses = record  # type: ignore[method-assign]
        bot.writer.on_commit = self.on_commit

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
            self.phase.max_pending = max(self.phase.max_pending, bot.writer.pending)


def proc_status(name: str) -> float:
    """A ``/proc/self/status`` size in MB (VmRSS, VmHWM)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(name + ":"):
            return int(line.split()[1]) / 1024
    return math.nan


@dataclass
class Run:
    remote: Remote
    bot: BoggleBot
    clock: Clock
    probe: Probe
    lives: list[LiveRound]
    texts: list[tuple[int, int, str]] = field(default_factory=list)
    times: dict[Key, list[float]] = field(default_factory=dict)
    ids: dict[Key, list[int]] = field(default_factory=dict)

    async def phase(self, name: str, seconds: float, rate: float | None) -> Phase:
        """The players send for ``seconds``; then wait until the bot has caught up."""
        phase = self.probe.phase = Phase(name)
        feedback_before = self.bot.rounds.feedback.calls
        cpu_before = time.process_time()
        phase.sent = Sent(*await self.remote.call("phase", seconds, rate))
        self.texts += phase.sent.texts
        for key, times in phase.sent.times.items():
            self.times.setdefault(key, []).extend(times)
            self.ids.setdefault(key, []).extend(phase.sent.ids[key])
        await self._drain()
        phase.drained = time.perf_counter()
        phase.cpu_seconds = time.process_time() - cpu_before
        phase.feedback_calls = self.bot.rounds.feedback.calls - feedback_before
        phase.api_calls, phase.routes = await self.remote.call("calls")
        phase.join(self.times)
        return phase

    async def _drain(self) -> None:
        """Until every message sent has reached the bot and every guess is committed."""
        deadline = time.monotonic() + DRAIN_TIMEOUT
        while (
            any(self.probe.seen[key] < len(times) for key, times in self.times.items())
            or self.bot.writer.pending
            or self.probe.rows
        ):
            if time.monotonic() > deadline:
                raise TimeoutError(f"the bot is still behind after {DRAIN_TIMEOUT}s")
            await asyncio.sleep(0.005)

    async def wait_shown(self, phases: list[Phase]) -> None:
        """Before the rounds end: when each word accepted from chat became visible to its player
        (the stand-in saw the ✅ or the edit); those not shown within ``SHOWN_TIMEOUT`` never
        are, as the round's last edit names no news."""
        accepted = [(phase, *item) for phase in phases for item in phase.accepted]
        words = [(*key, self.ids[key][index], word) for _, key, index, word in accepted]
        seen, edits = await self.remote.call("wait_shown", words, SHOWN_TIMEOUT)
        for (phase, key, index, word), (reacted, named) in zip(accepted, seen, strict=True):
            phase.shown(key, word, self.times[key][index], reacted, named)
        for phase in phases:
            phase.edits(edits)

    async def end_rounds(self) -> tuple[list[float], int]:
        """Move the clock past every deadline; seconds until each channel's results appeared."""
        await self.remote.call("watch_results")
        latest = max(live.game.deadline for live in self.lives)
        ended = time.perf_counter()
        self.clock.offset += latest - self.clock() + 1.0
        posted, calls = await self.remote.call("wait_results", len(self.lives), RESULTS_TIMEOUT)
        deadline = time.monotonic() + RESULTS_TIMEOUT
        while self.bot.rounds.live and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        return sorted(t - ended for t in posted.values()), calls


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
        lives = [bot.rounds.live.get(c) for c in channels]
        if all(live is not None and live.stored.board_message_id for live in lives):
            return lives  # type: ignore[return-value]
        if time.monotonic() > deadline:
            raise TimeoutError(f"only {sum(x is not None for x in lives)} rounds started")
        await asyncio.sleep(0.02)


def core_ceiling(
    lives: list[LiveRound], lexicon: Lexicon, texts: list[tuple[int, int, str]]
) -> tuple[float, int]:
    """Words/s of ``core.round.Round.guess`` alone on the same boards and messages (best of 3)."""
    best = 0.0
    judged = 0
    for _ in range(3):
        rounds = {
            live.channel_id: Round(
                live.game.board, live.game.rules, live.game.solution, lexicon, math.inf
            )
            for live in lives
        }
        judged = 0
        started = time.perf_counter()
        for channel_id, player_id, text in texts:
            judged += len(rounds[channel_id].guess(player_id, text, time.time()))
        best = max(best, judged / (time.perf_counter() - started))
    return best, judged


def sample_words(lexicon: Lexicon, every: int = 97) -> list[str]:
    """Every ``every``-th word of the lexicon, 4 letters or more: dictionary words to mistype."""
    return [w for i, w in enumerate(lexicon) if i % every == 0 and len(w) >= 4]


# --- report ---------------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(figure: str, measured: str, target: str = "", ratio: str = "", met: str = "") -> str:
    return f"  {figure:<46} {measured:>15} {target:>17} {ratio:>7} {met:>4}"


def yes(ok: bool) -> str:
    return "yes" if ok else "NO"


def report_phase(phase: Phase, judged_against_targets: bool) -> list[str]:
    """The phase's table; the throughput and latency targets apply to the paced phase only."""
    assert phase.sent is not None
    sending = phase.sent.done - phase.sent.started
    lines = [
        f"[{phase.name}] {phase.messages} messages in {sending:.1f} s"
        f" ({phase.messages / sending:.0f}/s offered), {phase.admitted} judged,"
        f" {phase.dropped} dropped by the spam limit; caught up"
        f" {1000 * (phase.drained - phase.sent.done):.0f} ms after the last send",
    ]
    if phase.name == "paced":
        lines.append(f"  senders behind schedule: at most {1000 * phase.sent.max_lag:.0f} ms")
    else:
        handled = phase.admitted + phase.dropped
        lines.append(
            f"  the bot took in {handled / (phase.drained - phase.sent.started):.0f} messages/s"
            " (judged or dropped), first send to caught up"
        )
    rate = phase.guesses_per_second
    p99 = pct(phase.committed_ms, 0.99)
    per_guess = phase.api_calls / phase.rows if phase.rows else math.nan
    judge = judged_against_targets
    lines += [
        row("figure", "measured", "target/baseline", "ratio", "met?"),
        row(
            "guesses processed /s",
            f"{rate:.0f}",
            f">= {TARGET_GUESSES_PER_SECOND:.0f}" if judge else "",
            f"{rate / TARGET_GUESSES_PER_SECOND:.2f}x" if judge else "",
            yes(rate >= TARGET_GUESSES_PER_SECOND) if judge else "",
        ),
        row(
            "message -> committed verdict, median",
            f"{statistics.median(phase.committed_ms or [math.nan]):.1f} ms",
        ),
        row(
            "message -> committed verdict, p99",
            f"{p99:.1f} ms",
            f"< {TARGET_P99_MS:.0f} ms" if judge else "",
            f"{p99 / TARGET_P99_MS:.2f}x" if judge else "",
            yes(p99 < TARGET_P99_MS) if judge else "",
        ),
        row("message -> committed verdict, max", f"{max(phase.committed_ms, default=0):.1f} ms"),
        row(
            "message -> judged in memory, median / p99",
            f"{statistics.median(phase.judged_ms or [math.nan]):.1f}"
            f" / {pct(phase.judged_ms, 0.99):.1f} ms",
        ),
        row(
            "Discord API calls per guess",
            f"{per_guess:.4f}",
            f"<{WELL_BELOW:g}; naive {NAIVE_CALLS_PER_GUESS:.1f}",
            f"{per_guess / NAIVE_CALLS_PER_GUESS:.3f}x",
            yes(per_guess < WELL_BELOW * NAIVE_CALLS_PER_GUESS),
        ),
        row(
            "Discord API calls per judged message",
            f"{phase.api_calls / max(phase.admitted, 1):.4f}",
        ),
        *report_visible(phase, judge),
    ]
    if phase.status_s:
        lines.append(
            f"  accepted words first shown by a ✅ reaction: {phase.first_by_reaction}; named in"
            f" the status {statistics.median(phase.status_s):.2f} s after the message (median),"
            f" p99 {pct(phase.status_s, 0.99):.2f} s; a board's status edited every"
            f" {statistics.median(phase.edit_gaps_s or [math.nan]):.2f} s (median),"
            f" p99 {pct(phase.edit_gaps_s, 0.99):.2f} s,"
            f" max {max(phase.edit_gaps_s, default=math.nan):.2f} s"
        )
        after, during = phase.shown_after_s, phase.shown_during_s
        lines.append(
            f"  words shown while the phase sent: {len(during)}, p99 {pct(during, 0.99):.2f} s;"
            f" after its last send: {len(after)},"
            f" median {statistics.median(after or [math.nan]):.2f} s, p99 {pct(after, 0.99):.2f} s"
        )
    verdicts = ", ".join(f"{v} {n}" for v, n in phase.verdicts.most_common())
    lines.append(f"  {phase.rows} guesses committed: {verdicts}")
    routes = ", ".join(f"{route} x{n}" for route, n in phase.routes.most_common())
    lines.append(
        f"  {phase.api_calls} API calls ({phase.feedback_calls} counted by Feedback.calls): {routes}"
    )
    if phase.batches:
        lines.append(
            f"  {len(phase.batches)} guess transactions of {statistics.mean(phase.batches):.0f} rows"
            f" on average; each took median {statistics.median(phase.batch_ms):.1f} ms,"
            f" p99 {pct(phase.batch_ms, 0.99):.1f} ms, max {max(phase.batch_ms):.1f} ms;"
            f" at most {phase.max_pending} rows waited to be written"
        )
    busy = phase.cpu_seconds / (phase.drained - phase.sent.started)
    lines.append(
        f"  bot process CPU: {phase.cpu_seconds:.1f} s in {phase.drained - phase.sent.started:.1f} s,"
        f" {100 * busy:.0f}% of one core (main thread and the database thread)"
    )
    stalls = phase.stalls_ms
    lines.append(
        f"  bot event loop late by >5 ms: {len(stalls)} times, >50 ms: {sum(s > 50 for s in stalls)},"
        f" worst {max(stalls, default=0):.0f} ms; garbage collections (count, total, worst):"
        + ";".join(
            f" gen{g} {len(ms)}, {sum(ms):.0f}, {max(ms, default=0):.0f} ms"
            for g, ms in phase.gc_ms.items()
        )
    )
    return lines


def report_visible(phase: Phase, judge: bool) -> list[str]:
    """Rows: how soon each word accepted from chat was visible to its player, and how many never
    were (a failure in any phase); the p99 target applies to the paced phase."""
    visible = phase.visible_s
    p99 = pct(visible, 0.99)
    accepted = len(phase.accepted)
    return [
        row(
            "accepted word -> visible to player, median",
            f"{statistics.median(visible or [math.nan]):.2f} s",
        ),
        row(
            "accepted word -> visible to player, p99",
            f"{p99:.2f} s",
            f"<= {TARGET_VISIBLE_P99_S:g} s" if judge else "",
            f"{p99 / TARGET_VISIBLE_P99_S:.2f}x" if judge else "",
            yes(p99 <= TARGET_VISIBLE_P99_S) if judge else "",
        ),
        row("accepted word -> visible to player, max", f"{max(visible, default=math.nan):.2f} s"),
        row(
            "accepted words never shown",
            f"{len(phase.unseen)} of {accepted}",
            "0",
            "",
            yes(not phase.unseen),
        ),
    ]


# --- main -----------------------------------------------------------------------------------------


async def run(args: argparse.Namespace, workdir: Path, remote: Remote) -> int:
    api_base, gateway_url, pairs = await remote.receive()
    rss_start = proc_status("VmRSS")
    started = time.perf_counter()
    lexicon = await asyncio.to_thread(load, EN_WORDS, workdir / "lexicon-cache")
    lexicon_ms = 1000 * (time.perf_counter() - started)
    not_on_board = sample_words(lexicon)
    rss_lexicon = proc_status("VmRSS")

    point_discord_at(api_base, gateway_url)
    clock = Clock()
    database = workdir / "boggle.sqlite3"
    bot = BoggleBot(
        Settings(database=str(database)),
        clock=clock,
        tick=0.5,
        lexicon=lexicon,
        rng=random.Random(args.seed),
    )
    probe = Probe()
    minutes = min(30, math.ceil((args.seconds + args.burst_seconds + 120) / 60))
    task = await start_bot(bot)
    try:
        probe.attach(bot)
        rss_ready = proc_status("VmRSS")
        await remote.call("start_rounds", f"{minutes}m")
        lives = await wait_for_rounds(bot, {c for c, _ in pairs})
        solutions = {
            live.channel_id: sorted(w for w in live.game.solution if len(w) >= 3) for live in lives
        }
        await remote.call("set_words", solutions, not_on_board)
        runner = Run(remote, bot, clock, probe, lives)
        words = statistics.mean(len(s) for s in solutions.values())
        print(
            f"{len(lives)} rounds running ({words:.0f} words a board on average),"
            f" {len(pairs)} players; lexicon ready in {lexicon_ms:.0f} ms",
            flush=True,
        )
        if args.tracemalloc:
            tracemalloc.start()
        profiler = cProfile.Profile() if args.profile else None
        if profiler:
            profiler.enable()
        watcher = asyncio.create_task(probe.watch_loop(bot))
        paced = await runner.phase("paced", args.seconds, args.rate)
        burst = (
            await runner.phase("burst", args.burst_seconds, None) if args.burst_seconds else None
        )
        watcher.cancel()
        if profiler:
            profiler.disable()
            profiler.dump_stats(args.profile)
        traced_peak = tracemalloc.get_traced_memory()[1] / 2**20 if args.tracemalloc else None
        tracemalloc.stop()
        rss_after = proc_status("VmRSS")
        accepted_in_memory = {
            (live.id, player, word)
            for live in lives
            for player, found in live.game.found.items()
            for word in found
        }
        await runner.wait_shown([p for p in (paced, burst) if p is not None])
        results, calls_in_run = await runner.end_rounds()
    finally:
        await stop_bot(bot, task)
    driver_hwm = await remote.call("memory")
    with sqlite3.connect(database) as db:
        stored = set(db.execute("SELECT round_id, player_id, word FROM found_words"))
        states = Counter(s for (s,) in db.execute("SELECT state FROM rounds"))
    lost = (accepted_in_memory | probe.committed_accepted) - stored
    ceiling, ceiling_words = core_ceiling(lives, lexicon, runner.texts)

    print()
    print(
        f"bench_load: {args.channels} channels x {args.players} players; bot in this process,"
        f" stand-in and players in another; Python {sys.version.split()[0]}"
    )
    print(
        f"spam limit {GUESSES_PER_SECOND:g} messages/s per player (burst {GUESS_BURST:g});"
        f" paced at {args.rate:g}/s per player for {args.seconds:g} s,"
        f" then unpaced for {args.burst_seconds:g} s"
    )
    for phase in (paced, burst):
        if phase is not None:
            print()
            print("\n".join(report_phase(phase, judged_against_targets=phase is paced)))
    print()
    rate = paced.guesses_per_second
    print(row("figure", "measured", "target/baseline", "ratio", "met?"))
    print(
        row(
            "core Round.guess alone (ceiling), words /s",
            f"{ceiling:.0f}",
            "",
            f"{rate / ceiling:.3f}x",
        )
        + f"  bot's paced rate against it ({ceiling_words} words)"
    )
    print(
        row(
            "results posted after the deadline, median",
            f"{1000 * statistics.median(results or [math.nan]):.0f} ms",
            "runner tick 500 ms",
        )
    )
    print(
        row("results posted after the deadline, max", f"{1000 * max(results or [math.nan]):.0f} ms")
    )
    print(
        row(
            "channels with results posted",
            f"{len(results)}/{len(lives)}",
            f"{len(lives)}",
            "",
            yes(len(results) == len(lives)),
        )
    )
    print(row("rounds finished in the database", f"{states.get('finished', 0)}/{len(lives)}"))
    print(
        row(
            "accepted words: memory / committed / stored",
            f"{len(accepted_in_memory)}/{len(probe.committed_accepted)}/{len(stored)}",
        )
    )
    print(row("lost words", f"{len(lost)}", "0", "", yes(not lost)))
    print(row("bot RSS: start / with lexicon", f"{rss_start:.0f} / {rss_lexicon:.0f} MB"))
    print(row("bot RSS: ready / after the load", f"{rss_ready:.0f} / {rss_after:.0f} MB"))
    print(row("bot peak RSS (VmHWM)", f"{proc_status('VmHWM'):.0f} MB"))
    if traced_peak is not None:
        print(row("bot tracemalloc peak during the load", f"{traced_peak:.0f} MB"))
    print(row("stand-in + players peak RSS (VmHWM)", f"{driver_hwm:.0f} MB"))
    print(row("API calls in the whole run", f"{calls_in_run}"))
    if args.profile:
        print()
        pstats.Stats(args.profile).sort_stats("tottime").print_stats(25)
    if lost:
        print(f"LOST: {sorted(lost)[:10]}")
    unseen = [u for phase in (paced, burst) if phase is not None for u in phase.unseen]
    if unseen:
        print(f"NEVER SHOWN ((channel, player), word): {unseen[:10]}")
    return 1 if lost or unseen or len(results) < len(lives) else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=50)
    parser.add_argument("--players", type=int, default=5, help="players per channel")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the paced phase")
    parser.add_argument("--rate", type=float, default=3.0, help="messages/s per player, paced")
    parser.add_argument("--burst-seconds", type=float, default=5.0, help="unpaced phase; 0: none")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", metavar="FILE", help="cProfile the bot during the load")
    parser.add_argument("--tracemalloc", action="store_true", help="trace the bot's allocations")
    args = parser.parse_args(argv)
    if not 0 < args.seconds <= 600 or not 0 <= args.burst_seconds <= 120 or args.rate <= 0:
        parser.error("need 0 < --seconds <= 600, 0 <= --burst-seconds <= 120, --rate > 0")
    if not 1 <= args.channels <= 200 or not 1 <= args.players <= 20:
        parser.error("need 1 <= --channels <= 200 and 1 <= --players <= 20")
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)  # no voice support: fine
    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    child = context.Process(
        target=drive, args=(theirs, args.channels, args.players, args.seed), daemon=True
    )
    child.start()
    theirs.close()  # so that a dead driver reads as EOF here
    try:
        with tempfile.TemporaryDirectory(prefix="bench-load-") as tmp:
            return asyncio.run(run(args, Path(tmp), Remote(ours)))
    finally:
        with contextlib.suppress(OSError):
            ours.send(("stop",))
        child.join(10)
        if child.is_alive():
            child.terminate()


if __name__ == "__main__":
    sys.exit(main())
