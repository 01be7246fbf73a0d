"""bench_load's players: the child process that runs the stand-in and the simulated players.

One guild per bot process, on that process's shard; it then does what the bench asks over the
pipe (``load_link``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import string
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection

from load_link import proc_status, serve
from load_records import Key

from bot.discord.render.text import clean_name
from bot.i18n.catalogue import text as wording
from bot.rounds.discord.publisher import ACCEPTED
from standin import StandIn
from standin.entities import StoredMessage
from standin.recorder import TranscriptEntry
from standin.state import World

Accepted = tuple[int, int, int, str]  # channel id, player id, message id, word
TOURNAMENT_ROUNDS = 3
TOURNAMENT_BREAK = "30m"  # the second round is not due before the bench has stopped the bots


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
        words = [self.word(player, rng) for _ in range(rng.choices((1, 2, 3), (5, 3, 2))[0])]
        if rng.random() < 0.2:
            words = [w.upper() for w in words]
        return (", " if rng.random() < 0.3 else " ").join(words)

    def word(self, player: Player, rng: random.Random) -> str:
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


def build_world(
    channels: int, players: int, shards: int, guilds: int = 0
) -> tuple[World, list[Key], dict[str, int], dict[int, int]]:
    """``max(shards, guilds)`` guilds, guild i on shard (i % shards, shards), the channels spread
    over them in turn,
    ``players`` members for each channel. Returns the world, the (channel, user) pairs, each player
    by the display name the status shows (letters and digits: nothing to escape), and each
    channel's shard."""
    world = World()
    servers = [
        world.add_guild(
            "Load" if shards == guilds == 1 else f"Load {i}", shard=(i % shards, shards)
        )
        for i in range(max(shards, guilds))
    ]
    pairs = []
    by_name: dict[str, int] = {}
    shard_of: dict[int, int] = {}
    for c in range(channels):
        guild = servers[c % len(servers)]
        channel = world.add_channel(guild.id, f"boggle-{c}")
        shard_of[channel.id] = c % len(servers) % shards
        for p in range(players):
            name = f"Player{c}x{p}"
            member = world.add_member(guild.id, f"p{c}x{p}", name)
            pairs.append((channel.id, member.user.id))
            by_name[clean_name(name)] = member.user.id
    assert len(by_name) == len(pairs), "display names must be distinct"
    return world, pairs, by_name, shard_of


class Driver:
    """The child process: the stand-in and the players, doing what the bot process asks."""

    def __init__(
        self, standin: StandIn, pairs: list[Key], by_name: dict[str, int], seed: int
    ) -> None:
        self.standin = standin
        master = random.Random(seed)
        self.players = [Player(c, u, random.Random(master.random())) for c, u in pairs]
        self.typist: Typist | None = None
        self.boards: dict[int, int] = {}  # channel -> its board's message, when players reply
        self.calls_mark = 0
        self.posted: dict[int, float] = {}
        self.result_posted = asyncio.Event()
        self.tournaments: dict[int, str] = {}  # channel -> its tournament's standings title
        self.standings: dict[int, float] = {}  # channel -> when its standings were posted
        self.shown = Shown(standin.world.bot.id, set(pairs), by_name)
        standin.on_transcript(self.shown.see)

    async def start_rounds(self, time_option: str) -> None:
        """``/boggle start`` in every channel without a tournament, by its first player."""
        starters: dict[int, int] = {}
        for p in self.players:
            starters.setdefault(p.channel_id, p.user_id)
        for channel_id, user_id in starters.items():
            if channel_id not in self.tournaments:
                await self.standin.slash(channel_id, user_id, "boggle start", {"time": time_option})

    async def start_tournaments(self, time_option: str, count: int) -> None:
        """A tournament in each of the first ``count`` channels, whose scheduler opens the
        channel's round (``start_rounds`` leaves those channels alone)."""
        members: dict[int, list[int]] = {}
        for p in self.players:
            members.setdefault(p.channel_id, []).append(p.user_id)
        for channel_id, users in list(members.items())[:count]:
            await self.start_tournament(channel_id, users, time_option)

    async def start_tournament(
        self, channel_id: int, entrants: list[int], time_option: str
    ) -> None:
        """A tournament as a server runs one: ``/tournament create`` by the server's owner
        (Manage Server), Join pressed on its sign-up by each of ``entrants``, ``/tournament
        start`` by the owner."""
        world = self.standin.world
        guild_id = world.channels[channel_id].guild_id
        assert guild_id is not None
        owner = world.guilds[guild_id].owner_id
        name = f"Cup {channel_id % 100_000}"
        options = {"name": name, "rounds": TOURNAMENT_ROUNDS, "pause": TOURNAMENT_BREAK}
        created = await self.standin.slash(
            channel_id, owner, "tournament create", {**options, "time": time_option}
        )
        reply = (await created.followup()).content
        if wording("tournaments.created") not in reply:
            raise RuntimeError(f"no tournament in channel {channel_id}: {reply}")
        signup = await self.standin.wait_for_message(
            channel_id, lambda m: name in m.content, timeout=30, after=0
        )
        join = next(c for c in custom_ids(signup) if c.startswith("tournament:join:"))
        for user in entrants:
            await (await self.standin.click(signup, user, join)).original_message()
        started = await self.standin.slash(channel_id, owner, "tournament start")
        reply = (await started.original_message()).content
        if wording("tournaments.started", name=name) not in reply:
            raise RuntimeError(f"tournament in channel {channel_id} not started: {reply}")
        self.tournaments[channel_id] = wording(
            "tournaments.standings_title", name=name, number=1, rounds=TOURNAMENT_ROUNDS
        )

    def set_words(self, solutions: dict[int, list[str]], not_on_board: list[str]) -> None:
        self.typist = Typist(solutions, not_on_board)

    def reply_to_boards(self) -> None:
        """From now on every message is a reply to its channel's board (the mention on): how
        players guess when the bot has no message-content intent."""
        bot_id = self.standin.world.bot.id
        for channel_id in {p.channel_id for p in self.players}:
            boards = [
                m
                for m in self.standin.messages(channel_id)
                if m.author.id == bot_id and "**Boggle**" in m.content
            ]
            self.boards[channel_id] = boards[-1].id

    async def phase(self, seconds: float, rate: float | None) -> Sent:
        """Every player sends for ``seconds``, ``rate`` messages a second or unpaced."""
        self.calls_mark = self.standin.api_call_count
        loop = asyncio.get_running_loop()
        sent = Sent(time.perf_counter(), 0.0, 0.0, {}, {}, [])
        start = loop.time()
        await asyncio.gather(*(self._player(p, start, seconds, rate, sent) for p in self.players))
        sent.done = time.perf_counter()
        return sent

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
                # Every player in turn: a send the websocket takes at once does not yield, and
                # a bot that keeps up would otherwise let the first players send the whole phase.
                await asyncio.sleep(0)
                next_at = loop.time()
            text = self.typist.message(player)
            sent.texts.append((player.channel_id, player.user_id, text))
            times.append(time.perf_counter())
            message = await self.standin.user_says(
                player.channel_id, player.user_id, text, reply_to=self.boards.get(player.channel_id)
            )
            ids.append(message.id)

    def guilds_of(self, channels: list[int]) -> list[tuple[int, int]]:
        """(guild, channel) of each channel."""
        return [(self.standin.world.channels[c].guild_id or 0, c) for c in channels]

    def calls(self) -> tuple[int, Counter[str]]:
        """REST calls since the phase began, and how many per route."""
        calls = self.standin.calls[self.calls_mark :]
        return len(calls), Counter(f"{c.method} {c.route}" for c in calls)

    def watch_results(self) -> None:
        """From now on, note when each channel's results message appears."""
        bot_id = self.standin.world.bot.id

        def watch(entry: TranscriptEntry) -> None:
            if entry.kind != "message" or entry.author_id != bot_id:
                return
            if "Round over" in entry.content:
                self.posted.setdefault(entry.channel_id, time.perf_counter())
                self.result_posted.set()
            title = self.tournaments.get(entry.channel_id)
            if title is not None and title in entry.content:
                self.standings.setdefault(entry.channel_id, time.perf_counter())
                self.result_posted.set()

        self.standin.on_transcript(watch)

    async def wait_results(
        self, channels: int, timeout: float
    ) -> tuple[dict[int, float], dict[int, float], int]:
        """When each channel's results appeared, and each tournament's standings after them;
        and the run's total of API calls."""
        await wait_until(
            lambda: len(self.posted) >= channels and len(self.standings) >= len(self.tournaments),
            self.result_posted,
            timeout,
        )
        return dict(self.posted), dict(self.standings), self.standin.api_call_count

    async def wait_shown(
        self, words: list[Accepted], timeout: float
    ) -> tuple[list[tuple[float | None, float | None]], dict[int, list[float]]]:
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


def custom_ids(message: StoredMessage) -> list[str]:
    """The custom ids of a message's buttons, row by row."""
    return [c["custom_id"] for row in message.components for c in row.get("components", ())]


async def wait_until(done: Callable[[], bool], changed: asyncio.Event, timeout: float) -> None:
    """Until ``done()`` holds, checked each time ``changed`` is set, or ``timeout`` seconds."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            while not done():
                changed.clear()
                await changed.wait()


def drive(
    conn: Connection, channels: int, players: int, shards: int, seed: int, guilds: int = 0
) -> None:
    """The child process's entry point: serve the bench's calls until it says stop."""
    logging.basicConfig(level=logging.WARNING, format="driver %(levelname)s %(name)s: %(message)s")
    asyncio.run(_drive(conn, channels, players, shards, seed, guilds))


async def _drive(
    conn: Connection, channels: int, players: int, shards: int, seed: int, guilds: int
) -> None:
    world, pairs, by_name, shard_of = build_world(channels, players, shards, guilds)
    async with StandIn(world) as standin:
        conn.send((standin.api_base, standin.gateway_url, pairs, shard_of))
        await serve(conn, Driver(standin, pairs, by_name, seed))
