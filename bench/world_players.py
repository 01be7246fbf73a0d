"""bench_world's players through the stand-in: the child process that runs the stand-in (Discord's
per-route and global limits on) and the crowd, chat players typing in their server's world channel
and pages playing the world round over the Activity's socket.

One server a world channel, servers spread over the shards in turn, players over the servers in
turn. Times are ``perf_counter``'s (one clock for every process on the machine).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from urllib.parse import parse_qs, urlparse

import aiohttp
from load_link import proc_status, serve
from load_web import SIGN_INS_AT_ONCE, WELCOME_TIMEOUT

from bot.tools.sandbox_web import link
from bot.world.discord.chat import ACCEPTED
from standin import StandIn
from standin.recorder import ApiCall, TranscriptEntry
from standin.state import World

USER_ROUTES = ("/users/@me", "/oauth2/token")  # a player's token, the app's secret: not the bot's
SIGN_INS_A_SECOND = 25  # each asks Discord for its activity instance with the bot's token
BOARD = "```"  # a board post shows its grid so; a results post does not
Placed = list[tuple[int, int, int]]  # (shard, guild, channel) of each world channel


@dataclass
class Someone:
    """A player: their server's world channel, and (a page) its socket and guesses waiting."""

    channel_id: int
    user_id: int
    username: str
    shard: int
    ws: aiohttp.ClientWebSocketResponse | None = None
    waiting: deque[tuple[str, float]] = field(default_factory=deque)


@dataclass
class Seen:
    """What the crowd saw, sent back to the bench."""

    verdict_ms: list[float] = field(default_factory=list)  # a traced word -> its verdict
    verdicts: dict[str, int] = field(default_factory=dict)
    ack_s: list[float] = field(default_factory=list)  # a new chat word -> its ✅
    unacked: int = 0  # chat words new to their player never given a ✅
    chat_sent: int = 0
    unanswered: int = 0  # traced words without a verdict
    opened: int = 0  # pages shown the round
    signed_in: int = 0
    results_s: list[float] = field(default_factory=list)  # the close -> each channel's results
    calls: int = 0  # API calls counted against the global limit, in the run
    max_a_second: int = 0  # the most of them in any one second
    busiest_routes: list[tuple[str, int]] = field(default_factory=list)  # what filled it
    throttled: int = 0  # 429 answers
    refused: tuple[int, int] = (0, 0)  # 429s of the global limit, of the per-route buckets
    throttled_routes: list[tuple[str, int]] = field(default_factory=list)
    memory_mb: float = 0.0


def build_world(
    channels: int, chat: int, web: int, shards: int
) -> tuple[World, Placed, list[Someone], list[Someone]]:
    world = World()
    placed: Placed = []
    for c in range(channels):
        guild = world.add_guild(f"World {c}", shard=(c % shards, shards))
        channel = world.add_channel(guild.id, "world")
        placed.append((c % shards, guild.id, channel.id))
    crowd: list[list[Someone]] = [[], []]
    for kind, count in enumerate((chat, web)):
        for p in range(count):
            shard, guild_id, channel_id = placed[p % channels]
            name = f"{'cw'[kind]}{p}"
            member = world.add_member(guild_id, name, name.upper())
            crowd[kind].append(Someone(channel_id, member.user.id, name, shard))
    return world, placed, crowd[0], crowd[1]


class Crowd:
    """The stand-in and the players, doing what the bench asks."""

    def __init__(
        self, standin: StandIn, chatting: list[Someone], pages: list[Someone], seed: int
    ) -> None:
        self.standin = standin
        self.chatting = chatting
        self.pages = pages
        self.rng = random.Random(seed)
        self.seen = Seen()
        self.sent: dict[int, float] = {}  # a chat message expecting a ✅ -> when it was sent
        self.acked: dict[int, float] = {}
        self.owed: set[int] = set()  # chat messages sent and not given their ✅ yet
        self.since: float | None = None  # the close, once the bench says it
        self.after: dict[int, float] = {}  # channel -> the bot's first post there after it
        self.waiting = 0  # traced words without their verdict yet
        self.posted: dict[int, list[float]] = {}  # channel -> when the bot posted there
        self.answered = asyncio.Event()
        self.session: aiohttp.ClientSession | None = None
        self.readers: list[asyncio.Task[None]] = []
        bot_id = standin.world.bot.id

        def see(entry: TranscriptEntry) -> None:
            now = time.perf_counter()
            if entry.kind == "reaction" and entry.reactor_id == bot_id and entry.emoji == ACCEPTED:
                self.acked.setdefault(entry.message_id, now)
                self.owed.discard(entry.message_id)
            elif (
                entry.kind == "message" and entry.author_id == bot_id and BOARD not in entry.content
            ):
                self.posted.setdefault(entry.channel_id, []).append(now)  # results, not a board
                if self.since is not None and now >= self.since:
                    self.after.setdefault(entry.channel_id, now)
            self.answered.set()

        standin.on_transcript(see)
        standin.rate_limits.enable()

    async def sign_in(self, urls: list[str]) -> int:
        """Every page signs in to its shard's bot and says hello; how many were welcomed."""
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        gate = asyncio.Semaphore(SIGN_INS_AT_ONCE)
        start = time.perf_counter()
        done = await asyncio.gather(
            *(
                self._sign_in(p, urls[p.shard], gate, start + i / SIGN_INS_A_SECOND)
                for i, p in enumerate(self.pages)
            )
        )
        self.seen.signed_in = sum(done)
        return self.seen.signed_in

    async def _sign_in(self, page: Someone, url: str, gate: asyncio.Semaphore, at: float) -> bool:
        assert self.session is not None
        await asyncio.sleep(max(0.0, at - time.perf_counter()))
        async with gate:
            address = link(self.standin, url, page.username, page.channel_id)
            async with self.session.get(address, allow_redirects=False) as answer:
                redirect = urlparse(answer.headers["Location"])
            query = {k: v[0] for k, v in parse_qs(redirect.query).items()}
            async with self.session.post(url + "api/token", json={"code": query["code"]}) as answer:
                token = (await answer.json())["access_token"]
            ws = await self.session.ws_connect(url + "api/play")
            hello = {"type": "hello", "access_token": token, "instance_id": query["instance_id"]}
            await ws.send_str(json.dumps(hello))
            while True:
                message = await ws.receive(timeout=WELCOME_TIMEOUT)
                if message.type != aiohttp.WSMsgType.TEXT:
                    return False
                if json.loads(message.data)["type"] == "world_offer":
                    break
        page.ws = ws
        self.readers.append(asyncio.create_task(self._read(page)))
        return True

    async def _read(self, page: Someone) -> None:
        assert page.ws is not None
        seen = self.seen
        async for message in page.ws:
            data = json.loads(message.data)
            kind = data["type"]
            if kind == "world":
                seen.opened += 1
            elif kind == "world_verdict" and page.waiting:
                index = next((i for i, (w, _) in enumerate(page.waiting) if w == data["word"]), 0)
                _, sent = page.waiting[index]
                del page.waiting[index]
                self.waiting -= 1
                seen.verdict_ms.append(1000 * (time.perf_counter() - sent))
                seen.verdicts[data["verdict"]] = seen.verdicts.get(data["verdict"], 0) + 1
            elif kind == "world_wait" and page.waiting:
                page.waiting.popleft()
                self.waiting -= 1
                seen.verdicts["closed"] = seen.verdicts.get("closed", 0) + 1
            self.answered.set()

    async def open_world(self) -> int:
        """Every page asks for the world round open now; how many were shown it."""
        for page in self.pages:
            if page.ws is not None:
                await page.ws.send_str(json.dumps({"type": "world_open"}))
        await _until(lambda: self.seen.opened >= self.seen.signed_in, self.answered, 30.0)
        return self.seen.opened

    async def play(self, words: list[str], each: int, seconds: float) -> int:
        """Each player guesses ``each`` of the board's words and a non-word at random moments
        of ``seconds``: typed in their world channel, or traced on their page. Guesses sent."""
        started = time.perf_counter() + 0.5
        plans = [
            (someone, [*self.rng.sample(words, min(each, len(words))), "zzqx"])
            for someone in [*self.chatting, *(p for p in self.pages if p.ws is not None)]
        ]
        moments = [sorted(self.rng.uniform(0, seconds) for _ in g) for _, g in plans]
        await asyncio.gather(
            *(self._guess(s, g, m, started) for (s, g), m in zip(plans, moments, strict=True))
        )
        return sum(len(g) for _, g in plans)

    async def _guess(
        self, someone: Someone, guesses: list[str], moments: list[float], started: float
    ) -> None:
        for word, moment in zip(guesses, moments, strict=True):
            await asyncio.sleep(max(0.0, started + moment - time.perf_counter()))
            now = time.perf_counter()
            if someone.ws is not None:
                someone.waiting.append((word, now))
                self.waiting += 1
                await someone.ws.send_str(json.dumps({"type": "world_guess", "word": word}))
                continue
            message = await self.standin.user_says(someone.channel_id, someone.user_id, word)
            self.seen.chat_sent += 1
            if word != "zzqx":  # new to this player: a ✅ is owed
                self.sent[message.id] = now
                if message.id not in self.acked:
                    self.owed.add(message.id)

    async def settle(self, timeout: float) -> None:
        """Until every traced word has its verdict and every new chat word its ✅, or
        ``timeout`` ."""
        await _until(
            lambda: (
                not any(p.waiting for p in self.pages) and all(m in self.acked for m in self.sent)
            ),
            self.answered,
            timeout,
        )

    async def results(self, since: float, channels: int, timeout: float) -> Seen:
        """Once every world channel has a post from the bot after ``since`` (the close), or
        ``timeout``: everything seen."""

        self.since = since
        for channel_id, times in self.posted.items():
            later = [t for t in times if t >= since]
            if later:
                self.after.setdefault(channel_id, min(later))
        await _until(lambda: len(self.after) >= channels, self.answered, timeout)
        seen = self.seen
        seen.results_s = sorted(t - since for t in self.after.values())
        seen.ack_s = sorted(self.acked[m] - t for m, t in self.sent.items() if m in self.acked)
        seen.unacked = sum(1 for m in self.sent if m not in self.acked)
        seen.unanswered = sum(len(p.waiting) for p in self.pages)
        limits = self.standin.rate_limits
        seen.calls = sum(len(t) for t in limits.taken.values())
        seen.max_a_second = max((limits.busiest_second(t) for t in limits.taken), default=0)
        own = [c for c in self.standin.calls if c.route not in USER_ROUTES]  # the bot token's
        seen.busiest_routes = _busiest_routes(own)
        globally = {r for _, r in limits.refused_global}
        seen.throttled_routes = Counter(
            f"{'global' if f'{c.method} {c.route}' in globally else 'route'}:"
            f" {c.method} {c.route}{_what(c)}"
            for c in self.standin.calls
            if c.status == 429
        ).most_common(4)
        seen.refused = (len(limits.refused_global), len(limits.refused))
        seen.throttled = sum(1 for c in self.standin.calls if c.status == 429)
        seen.memory_mb = proc_status("VmHWM")
        return seen

    async def close(self) -> None:
        for page in self.pages:
            if page.ws is not None:
                await page.ws.close()
        for reader in self.readers:
            reader.cancel()
        if self.session is not None:
            await self.session.close()


async def _until(done: Callable[[], bool], changed: asyncio.Event, timeout: float) -> None:
    """Until ``done()`` holds, looked at each time ``changed`` is set, or ``timeout`` seconds."""
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            while not done():
                changed.clear()
                await changed.wait()


def drive_world(
    conn: Connection, channels: int, chat: int, web: int, shards: int, seed: int
) -> None:
    """The child process's entry point: serve the bench's calls until it says stop."""
    logging.basicConfig(level=logging.WARNING, format="crowd %(levelname)s %(name)s: %(message)s")
    asyncio.run(_drive(conn, channels, chat, web, shards, seed))


async def _drive(
    conn: Connection, channels: int, chat: int, web: int, shards: int, seed: int
) -> None:
    world, placed, chatting, pages = build_world(channels, chat, web, shards)
    async with StandIn(world) as standin:
        conn.send((standin.api_base, standin.gateway_url, placed))
        crowd = Crowd(standin, chatting, pages, seed)
        try:
            await serve(conn, crowd)
        finally:
            await crowd.close()


def _busiest_routes(calls: list[ApiCall]) -> list[tuple[str, int]]:
    """The requests of the busiest one-second window (by when the stand-in read them), by route
    and answer: what the global limit's busiest second was made of."""
    ordered = sorted(calls, key=lambda c: c.at)
    best, start, best_start = 0, 0, 0
    for end, call in enumerate(ordered):
        while ordered[start].at <= call.at - 1.0:
            start += 1
        if end - start + 1 > best:
            best, best_start = end - start + 1, start
    window = ordered[best_start : best_start + best]
    return Counter(f"{c.method} {c.route} {c.status}{_what(c)}" for c in window).most_common(6)


def _what(call: ApiCall) -> str:
    """A world post's kind (a board or results), from its content."""
    content = call.json.get("content", "") if isinstance(call.json, dict) else ""
    if "World round #" in content:
        return " (a board)"
    return " (results)" if "players" in content else ""
