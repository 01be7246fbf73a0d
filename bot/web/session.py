"""One player's WebSocket (docs/activity.md): who they are from their access token, where they
play from the instance as Discord reports it, then their words through the same
``RoundService.submit`` as chat, each verdict sent once the accepted word is committed."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from bot.daily.web import DailyDesk
from bot.definitions.web import definition
from bot.i18n.catalogue import text
from bot.kernel.pages import HERE
from bot.kernel.refusal import Refusal
from bot.rounds.events import GuessSource
from bot.rounds.options import OptionError, round_options
from bot.rounds.service import (
    BUSY,
    LEXICON_FAILED,
    NO_BOARD,
    NO_ROUND,
    NOT_A_ROUND_CHANNEL,
    NOT_POSTED,
)
from bot.rounds.web import Hub
from bot.seasons.web import standings
from bot.web import payloads
from bot.web.discord_api import DiscordApi, Person, Refused
from bot.web.messages import Message
from bot.web.relay import identified, relay, trusted
from bot.web.uses import PageUses

log = logging.getLogger(__name__)

HELLO_WITHIN = 10.0
FRAMES_PER_SECOND = 20  # more than this from one socket is a script: closed with 4008
WORD_LIMIT = 40  # characters of one traced or typed word

# The page's own wording of the refusals it words otherwise than chat.
PAGE_WORDING = {
    NO_ROUND: "web.no_round",
    NOT_A_ROUND_CHANNEL: "web.not_here",
    NO_BOARD: "web.cannot_start",
    LEXICON_FAILED: "web.cannot_start",
    **{key: "replies.board_not_posted" for key in NOT_POSTED},
}

NO_HELLO, NOT_THERE, UNKNOWN_INSTANCE, TOO_MANY = 4001, 4003, 4004, 4008
TRY_AGAIN = 1013  # WebSocket's "try again later": the page reconnects


class Session:
    """A connected player; ``send`` never raises (a socket that went away is the hub's to drop)."""

    def __init__(
        self, ws: web.WebSocketResponse, person: Person, channel_id: int, guild: int | None
    ):
        self.ws = ws
        self.person = person
        self.player_id = person.id
        self.name = person.name
        self.channel_id = channel_id
        self.guild_id = guild
        self.language = payloads.page_language(person.locale)
        self.daily: int | None = None  # the daily attempt the page shows
        self._sent = asyncio.Lock()

    async def send(self, message: Message) -> None:
        await self.send_text(json.dumps(message))

    async def send_text(self, text: str) -> None:
        """A message encoded already (a crowd's scoreboard is encoded once for many sockets)."""
        if self.ws.closed:
            return
        async with self._sent:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.send_str(text)

    async def error(self, key: str, **fields: object) -> None:
        await self.send({"type": "error", "message": text(key, self.language, **fields)})

    async def refused(self, refusal: Refusal) -> None:
        """A use case's refusal in the page's words where it has its own (no channel mentions,
        no slash commands on the page), else in the refusal's."""
        own = PAGE_WORDING.get(refusal.key)
        if own is not None:
            await self.error(own)
        else:
            await self.send({"type": "error", "message": refusal.text(self.language)})


async def play(
    request: web.Request,
    uses: PageUses,
    api: DiscordApi,
    hub: Hub,
    desk: DailyDesk,
    open_sockets: set[web.WebSocketResponse],
    secret: str,
) -> web.WebSocketResponse:
    """The ``/api/play`` socket, from its hello to its close: served here when this process
    runs the channel's shard, else relayed to the process that does."""
    ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=4096)
    await ws.prepare(request)
    open_sockets.add(ws)
    try:
        session = await _greet(ws, api)
        if session is None:
            return ws
        address = await uses.pages.owner(session.guild_id)
        if address == HERE:
            await _run(session, uses, hub, desk)
        elif address is None:  # the owner serves no page yet: the page tries again later
            await ws.close(code=TRY_AGAIN, message=b"the server's process is not ready")
        else:
            channel, guild = session.channel_id, session.guild_id
            await relay(ws, address, secret, session.person, channel, guild)
    finally:
        open_sockets.discard(ws)
    return ws


async def relayed(
    request: web.Request,
    uses: PageUses,
    hub: Hub,
    desk: DailyDesk,
    open_sockets: set[web.WebSocketResponse],
    secret: str,
) -> web.StreamResponse:
    """``/api/relay``: a socket another process of the bot relays, the player and the channel
    already established there; only with the bot's relay secret."""
    if not trusted(request, secret):
        return web.Response(status=403, text="not a process of this bot")
    ws = web.WebSocketResponse(heartbeat=20.0, max_msg_size=4096)
    await ws.prepare(request)
    open_sockets.add(ws)
    try:
        try:
            message = await ws.receive(timeout=HELLO_WITHIN)
            found = (
                identified(json.loads(message.data), secret)
                if message.type == WSMsgType.TEXT
                else None
            )
        except (TimeoutError, ValueError, KeyError, TypeError):
            found = None
        if found is None:
            await ws.close(code=NO_HELLO, message=b"who is it?")
            return ws
        person, channel, guild = found
        if not uses.pages.runs_here(guild):  # its shard moved since: ask again
            await ws.close(code=TRY_AGAIN, message=b"not this process's server")
            return ws
        await _run(Session(ws, person, channel, guild), uses, hub, desk)
    finally:
        open_sockets.discard(ws)
    return ws


async def _run(session: Session, uses: PageUses, hub: Hub, desk: DailyDesk) -> None:
    await session.send(
        {
            "type": "welcome",
            "you": {"id": str(session.player_id), "name": session.person.name},
            "channel_id": str(session.channel_id),
            "language": session.language,
            "strings": payloads.strings(session.language),
        }
    )
    await hub.join(session.channel_id, session)
    try:
        await _serve(session.ws, session, uses, hub, desk)
    finally:
        hub.leave(session.channel_id, session)
        desk.leave(session)


async def _greet(ws: web.WebSocketResponse, api: DiscordApi) -> Session | None:
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
    return Session(ws, person, instance.channel_id, instance.guild_id)


async def _serve(
    ws: web.WebSocketResponse, session: Session, uses: PageUses, hub: Hub, desk: DailyDesk
) -> None:
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
        kind = data.get("type")
        if kind == "ping":
            await session.send({"type": "pong", "now": uses.clock()})
        elif kind == "guess":
            await _guess(session, uses, data)
        elif kind == "start":
            await _start(session, uses)
        elif kind == "daily_open":
            await desk.open(session, data.get("language"))
        elif kind == "daily_guess":
            await desk.guess(session, *_traced(data))
        elif kind == "daily_close":  # back to the channel's round
            desk.leave(session)
            await session.send(await hub.state(session.channel_id, session))
        elif kind == "define":  # a word tapped in the results
            found = await definition(uses.definitions, data.get("word", ""), data.get("language"))
            await (session.refused(found) if isinstance(found, Refusal) else session.send(found))
        elif kind == "standings":  # the lobby's or the results' Standings
            board = await standings(
                uses.seasons,
                uses.standings,
                session.guild_id,
                session.player_id,
                session.language,
            )
            await (session.refused(board) if isinstance(board, Refusal) else session.send(board))


async def _guess(session: Session, uses: PageUses, data: dict[str, Any]) -> None:
    word, shown = _traced(data)
    rounds = uses.rounds
    name = session.person.name
    submitted = rounds.submit(
        session.channel_id, session.player_id, name, word, source=GuessSource.PAGE
    )
    if isinstance(submitted, Refusal):
        await session.refused(submitted)
        return
    await rounds.committed(submitted.ticket)
    for judged in submitted.judgements:
        await session.send(payloads.verdict(submitted.round, judged, session.language, shown))


def _traced(data: dict[str, Any]) -> tuple[str, list[int] | None]:
    """A guess's word and the path it was traced along (shown back), both bounded."""
    word = str(data.get("word", ""))[:WORD_LIMIT]
    path = data.get("path")
    cells = [c for c in path if isinstance(c, int)][:WORD_LIMIT] if isinstance(path, list) else None
    return word, cells


async def _start(session: Session, uses: PageUses) -> None:
    """A round with the server's defaults, its board posted in the channel as /boggle start
    posts it; within the server's round channels (the round reaches the page as an event)."""
    if session.guild_id is None:
        await session.error("replies.not_in_dm")
        return
    server = await uses.server_settings.of(session.guild_id)
    try:
        options = round_options(defaults=server)
    except OptionError:
        await session.error("web.cannot_start")
        return
    opened = await uses.rounds.open_round(
        session.guild_id,
        session.channel_id,
        session.player_id,
        session.person.name,
        options,
        server,
    )
    if isinstance(opened, Refusal) and opened.key != BUSY:  # busy: someone started one
        await session.refused(opened)
