"""One player's WebSocket (docs/activity.md): who they are from their access token, where they
play from the instance as Discord reports it, then each message they send to the handler a
page side declared for its ``type`` (``bot.web.routes``)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from bot.kernel.pages import HERE, PageDirectory
from bot.web import payloads
from bot.web.discord_api import DiscordApi, Person, Refused
from bot.web.messages import Pong, Welcome
from bot.web.relay import identified, relay, trusted
from bot.web.routes import Router
from bot.web.session import Session

log = logging.getLogger(__name__)

HELLO_WITHIN = 10.0
FRAMES_PER_SECOND = 20  # more than this from one socket is a script: closed with 4008

NO_HELLO, NOT_THERE, UNKNOWN_INSTANCE, TOO_MANY = 4001, 4003, 4004, 4008
TRY_AGAIN = 1013  # WebSocket's "try again later": the page reconnects


@dataclass(frozen=True)
class Sockets:
    """The server's sockets, served: each message to its route (``router``), each player
    served here or relayed to the process that runs their server (``pages``, ``secret``)."""

    router: Router
    pages: PageDirectory
    clock: Callable[[], float]  # the bot's, told in ``pong``
    secret: str  # what the bot's processes show each other
    open: set[web.WebSocketResponse]  # closed at stop

    async def play(self, request: web.Request, api: DiscordApi) -> web.WebSocketResponse:
        """The ``/api/play`` socket, from its hello to its close: served here when this process
        runs the channel's shard, else relayed to the process that does."""
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=4096)
        await ws.prepare(request)
        self.open.add(ws)
        try:
            found = await _greet(ws, api)
            if found is None:
                return ws
            person, channel, guild = found
            address = await self.pages.owner(guild)
            if address == HERE:
                await self._run(ws, person, channel, guild)
            elif address is None:  # the owner serves no page yet: the page tries again later
                await ws.close(code=TRY_AGAIN, message=b"the server's process is not ready")
            else:
                await relay(ws, address, self.secret, person, channel, guild)
        finally:
            self.open.discard(ws)
        return ws

    async def relayed(self, request: web.Request) -> web.StreamResponse:
        """``/api/relay``: a socket another process of the bot relays, the player and the
        channel already established there; only with the bot's relay secret."""
        if not trusted(request, self.secret):
            return web.Response(status=403, text="not a process of this bot")
        ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=4096)
        await ws.prepare(request)
        self.open.add(ws)
        try:
            try:
                message = await ws.receive(timeout=HELLO_WITHIN)
                found = (
                    identified(json.loads(message.data), self.secret)
                    if message.type == WSMsgType.TEXT
                    else None
                )
            except (TimeoutError, ValueError, KeyError, TypeError):
                found = None
            if found is None:
                await ws.close(code=NO_HELLO, message=b"who is it?")
                return ws
            person, channel, guild = found
            if not self.pages.runs_here(guild):  # its shard moved since: ask again
                await ws.close(code=TRY_AGAIN, message=b"not this process's server")
                return ws
            await self._run(ws, person, channel, guild)
        finally:
            self.open.discard(ws)
        return ws

    async def _run(
        self, ws: web.WebSocketResponse, person: Person, channel: int, guild: int | None
    ) -> None:
        router = self.router
        session = Session(ws, person, channel, guild, router.rejoin)
        welcome: Welcome = {
            "type": "welcome",
            "you": {"id": str(session.player_id), "name": person.name},
            "channel_id": str(channel),
            "language": session.language,
            "strings": payloads.strings(session.language),
        }
        await session.send(welcome)
        try:
            await router.join(session)
            await self._serve(session)
        finally:
            router.leave(session)

    async def _serve(self, session: Session) -> None:
        ws, router = session.ws, self.router
        window, frames = time.monotonic(), 0
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            now = time.monotonic()
            if now - window >= 1.0:
                window, frames = now, 0
            frames += 1
            if frames > FRAMES_PER_SECOND:
                await ws.close(code=TOO_MANY, message=b"too many messages")
                return
            try:
                data: Any = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(data, dict):
                continue
            if data.get("type") == "ping":
                pong: Pong = {"type": "pong", "now": self.clock()}
                await session.send(pong)
            else:
                await router.handle(session, data)


async def _greet(
    ws: web.WebSocketResponse, api: DiscordApi
) -> tuple[Person, int, int | None] | None:
    """The hello: a token Discord accepts, an instance it knows, and the player in it."""
    try:
        message = await ws.receive(timeout=HELLO_WITHIN)
        hello = json.loads(message.data) if message.type == WSMsgType.TEXT else None
    except (TimeoutError, ValueError):
        hello = None
    if not isinstance(hello, dict) or hello.get("type") != "hello":
        await ws.close(code=NO_HELLO, message=b"hello first")
        return None
    try:
        person = await api.person(str(hello.get("access_token", "")))
    except Refused:
        await ws.close(code=NO_HELLO, message=b"bad token")
        return None
    try:
        instance = await api.instance(str(hello.get("instance_id", "")))
    except Refused as exc:
        code = UNKNOWN_INSTANCE if exc.status == 404 else WSCloseCode.TRY_AGAIN_LATER
        await ws.close(code=code, message=b"unknown instance")
        return None
    if person.id not in instance.users:
        await ws.close(code=NOT_THERE, message=b"not in this instance")
        return None
    return person, instance.channel_id, instance.guild_id
