"""bench_web's players: ``load_players``' stand-in and chat players, with web players beside them.

Web players sign in as the page does (the stand-in's ``/oauth2/authorize``, the bot's
``POST /api/token``, the socket's hello); a traced word is timed here from its send to its
``verdict`` frame (one process, one clock).
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections import deque
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from urllib.parse import parse_qs, urlparse

import aiohttp
from load_link import serve
from load_players import Driver, Player, Sent, wait_until
from load_records import Key

from bot.discord.render.text import clean_name
from bot.tools.sandbox_web import link
from standin import StandIn
from standin.state import World

SIGN_INS_AT_ONCE = 50
Shape = tuple[int, int, int, int]  # channels, web players a channel, chat channels, chat players
WELCOME_TIMEOUT = 30.0


@dataclass
class WebPlayer:
    """One page: its player, socket and the guesses waiting for their verdicts."""

    player: Player
    username: str
    ws: aiohttp.ClientWebSocketResponse | None = None
    waiting: deque[tuple[str, float]] = field(default_factory=deque)


@dataclass
class WebFigures:
    """What the pages saw: each verdict's latency (ms), the words the bot accepted (channel,
    player, word), refusals by error frame, and how long signing in took."""

    latencies_ms: list[float] = field(default_factory=list)
    verdicts: dict[str, int] = field(default_factory=dict)
    accepted: set[tuple[int, int, str]] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)
    unanswered: int = 0
    sign_in_s: list[float] = field(default_factory=list)


def build_world(
    channels: int, web_players: int, chat_channels: int, chat_players: int
) -> tuple[World, list[Key], list[tuple[Key, str]], dict[str, int], dict[int, int]]:
    """One guild on one shard: every channel with its web players, the first ``chat_channels``
    with chat players too. The chat pairs, the web players (pair and username), each chat
    player by display name, and each channel's shard (0)."""
    world = World()
    guild = world.add_guild("Load")
    chat: list[Key] = []
    web: list[tuple[Key, str]] = []
    by_name: dict[str, int] = {}
    for c in range(channels):
        channel = world.add_channel(guild.id, f"boggle-{c}")
        for p in range(web_players):
            member = world.add_member(guild.id, f"w{c}x{p}", f"Web{c}x{p}")
            web.append(((channel.id, member.user.id), member.user.username))
        for p in range(chat_players if c < chat_channels else 0):
            name = f"Player{c}x{p}"
            member = world.add_member(guild.id, f"p{c}x{p}", name)
            chat.append((channel.id, member.user.id))
            by_name[clean_name(name)] = member.user.id
    shard_of = {channel: 0 for channel, _ in [*chat, *(k for k, _ in web)]}
    return world, chat, web, by_name, shard_of


class WebDriver(Driver):
    """``load_players.Driver`` (the stand-in, chat players, what the stand-in saw) and the pages."""

    def __init__(
        self,
        standin: StandIn,
        chat: list[Key],
        web: list[tuple[Key, str]],
        by_name: dict[str, int],
        seed: int,
        every: float,
    ) -> None:
        super().__init__(standin, chat, by_name, seed)
        self.every = every
        master = random.Random(seed + 1)
        self.pages = [
            WebPlayer(Player(c, u, random.Random(master.random())), name) for (c, u), name in web
        ]
        self.session: aiohttp.ClientSession | None = None
        self.figures = WebFigures()
        self.readers: list[asyncio.Task[None]] = []
        self.answered = asyncio.Event()  # set when a guess has its answer

    async def start_rounds(self, time_option: str) -> None:
        """``/boggle start`` in every channel, by its first member (chat or web)."""
        starters: dict[int, int] = {}
        for p in [*self.players, *(page.player for page in self.pages)]:
            starters.setdefault(p.channel_id, p.user_id)
        for channel_id, user_id in starters.items():
            await self.standin.slash(channel_id, user_id, "boggle start", {"time": time_option})

    async def sign_in(self, page_url: str) -> int:
        """Every web player signs in and says hello; how many are welcomed with the round."""
        # One connection a page: aiohttp's default pool (100) would hold the rest back.
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        gate = asyncio.Semaphore(SIGN_INS_AT_ONCE)
        joined = await asyncio.gather(*(self._sign_in(page, page_url, gate) for page in self.pages))
        return sum(joined)

    async def _sign_in(self, page: WebPlayer, page_url: str, gate: asyncio.Semaphore) -> bool:
        assert self.session is not None
        channel = self.standin.world.channels[page.player.channel_id]
        async with gate:
            started = time.perf_counter()
            address = link(self.standin, page_url, page.username, channel.name)
            async with self.session.get(address, allow_redirects=False) as answer:
                redirect = urlparse(answer.headers["Location"])
            query = {k: v[0] for k, v in parse_qs(redirect.query).items()}
            body = {"code": query["code"]}
            async with self.session.post(page_url + "api/token", json=body) as answer:
                token = (await answer.json())["access_token"]
            ws = await self.session.ws_connect(page_url + "api/play")
            hello = {"type": "hello", "access_token": token, "instance_id": query["instance_id"]}
            await ws.send_str(json.dumps(hello))
            kinds = set()
            while "round" not in kinds:
                message = await ws.receive(timeout=WELCOME_TIMEOUT)
                if message.type != aiohttp.WSMsgType.TEXT:
                    return False
                kinds.add(json.loads(message.data)["type"])
            self.figures.sign_in_s.append(time.perf_counter() - started)
        page.ws = ws
        self.readers.append(asyncio.create_task(self._read(page)))
        return True

    async def _read(self, page: WebPlayer) -> None:
        """Verdicts (matched to the oldest guess of that word) and errors (the oldest guess)."""
        assert page.ws is not None
        figures = self.figures
        async for message in page.ws:
            data = json.loads(message.data)
            kind = data["type"]
            if kind == "verdict":
                index = next((i for i, (w, _) in enumerate(page.waiting) if w == data["word"]), 0)
                _, sent = page.waiting[index]
                del page.waiting[index]
                figures.latencies_ms.append(1000 * (time.perf_counter() - sent))
                figures.verdicts[data["verdict"]] = figures.verdicts.get(data["verdict"], 0) + 1
                if data["verdict"] == "accepted":
                    player = page.player
                    figures.accepted.add((player.channel_id, player.user_id, data["word"]))
            elif kind == "error" and page.waiting:
                page.waiting.popleft()
                figures.errors.append(data["message"])
            self.answered.set()

    async def phase(self, seconds: float, rate: float | None) -> Sent:
        """The chat players as ``Driver.phase`` sends, and every page signed in tracing a word
        every ``self.every`` seconds (jittered, open loop); the pages' sends join the chat's in ``Sent``,
        so that the bot process waits for them too."""
        loop = asyncio.get_running_loop()
        chat = asyncio.create_task(super().phase(seconds, rate))
        start = loop.time()
        pages: dict[Key, list[float]] = {}
        signed_in = [p for p in self.pages if p.ws is not None]
        await asyncio.gather(*(self._trace(p, start, seconds, pages) for p in signed_in))
        sent = await chat
        for key, times in pages.items():
            sent.times[key] = times
            sent.ids[key] = [0] * len(times)
        sent.done = time.perf_counter()
        return sent

    async def _trace(
        self, page: WebPlayer, start: float, seconds: float, pages: dict[Key, list[float]]
    ) -> None:
        assert self.typist is not None and page.ws is not None
        loop = asyncio.get_running_loop()
        player = page.player
        times = pages.setdefault((player.channel_id, player.user_id), [])
        every = self.every
        next_at = start + player.rng.random() * every
        while next_at < start + seconds:
            await asyncio.sleep(max(0.0, next_at - loop.time()))
            next_at += player.rng.uniform(0.8, 1.2) * every
            word = self.typist.word(player, player.rng).lower()
            now = time.perf_counter()
            times.append(now)
            page.waiting.append((word, now))
            await page.ws.send_str(json.dumps({"type": "guess", "word": word}))

    async def web_figures(self, settle: float = 5.0) -> WebFigures:
        """Once every guess has its answer (or ``settle`` seconds): what the pages saw."""
        await wait_until(lambda: not any(p.waiting for p in self.pages), self.answered, settle)
        self.figures.unanswered = sum(len(p.waiting) for p in self.pages)
        return self.figures

    async def sign_out(self) -> None:
        for page in self.pages:
            if page.ws is not None:
                await page.ws.close()
        for reader in self.readers:
            reader.cancel()
        if self.session is not None:
            await self.session.close()


def drive_web(
    conn: Connection, shape: Shape, seed: int, every: float, kind: type[WebDriver] | None = None
) -> None:
    """The child process's entry point: serve the bench's calls until it says stop (``kind``:
    the driver, ``WebDriver`` by default; the stadium's drives a crowd)."""
    logging.basicConfig(level=logging.WARNING, format="driver %(levelname)s %(name)s: %(message)s")
    asyncio.run(_drive(conn, shape, seed, every, kind or WebDriver))


async def _drive(
    conn: Connection, shape: Shape, seed: int, every: float, kind: type[WebDriver]
) -> None:
    world, chat, web, by_name, shard_of = build_world(*shape)
    async with StandIn(world) as standin:
        conn.send((standin.api_base, standin.gateway_url, chat, shard_of))
        driver = kind(standin, chat, web, by_name, seed, every)
        try:
            await serve(conn, driver)
        finally:
            await driver.sign_out()
