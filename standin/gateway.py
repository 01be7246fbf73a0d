"""The websocket gateway: HELLO, IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME and dispatch.

Plain JSON frames, though discord.py asks for zlib-stream: it accepts them. Sharding is
Discord's: a guild's events go to every session of its shard (DMs to shard 0), except an
interaction, which goes to exactly one (the oldest of its shard), since only one answer counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from standin import payloads
from standin.recorder import Changes
from standin.shards import (
    GUILDS_PER_SHARD,
    SESSION_START_RESET_MS,
    SESSION_STARTS_PER_DAY,
    recommended_shards,
    shard_of,
    valid_shard,
)
from standin.state import World

log = logging.getLogger(__name__)

# A round trip, as Discord's: an ACK sent at once could beat discord.py's keep-alive thread to
# recording the send, and be measured from the previous beat ("41.3s behind"). Seconds:
HEARTBEAT_ACK_DELAY = 0.02  # well over CPython's 5 ms thread switch interval


class Op:
    DISPATCH = 0
    HEARTBEAT = 1
    IDENTIFY = 2
    PRESENCE = 3
    VOICE_STATE = 4
    RESUME = 6
    RECONNECT = 7
    REQUEST_MEMBERS = 8
    INVALID_SESSION = 9
    HELLO = 10
    HEARTBEAT_ACK = 11


class Intent:
    GUILDS = 1 << 0
    GUILD_MEMBERS = 1 << 1
    GUILD_PRESENCES = 1 << 8
    GUILD_MESSAGES = 1 << 9
    GUILD_MESSAGE_REACTIONS = 1 << 10
    DIRECT_MESSAGES = 1 << 12
    DIRECT_MESSAGE_REACTIONS = 1 << 13
    MESSAGE_CONTENT = 1 << 15
    PRIVILEGED = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT


class Close:
    UNKNOWN_ERROR = 4000
    NOT_AUTHENTICATED = 4003
    AUTHENTICATION_FAILED = 4004
    INVALID_SHARD = 4010
    SHARDING_REQUIRED = 4011
    DISALLOWED_INTENTS = 4014
    FINAL = (AUTHENTICATION_FAILED, INVALID_SHARD, SHARDING_REQUIRED, DISALLOWED_INTENTS)


Payload = dict[str, Any] | Callable[[int], dict[str, Any]]


@dataclass
class Session:
    """A gateway session; survives its websocket so that it can be resumed."""

    id: str
    intents: int
    shard: tuple[int, int]
    seq: int = 0
    backlog: deque[tuple[int, str]] = field(default_factory=lambda: deque(maxlen=5000))
    ws: web.WebSocketResponse | None = None
    request: web.Request | None = None
    resumable: bool = True
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def owns(self, guild_id: int | None) -> bool:
        """Whether this shard receives events of ``guild_id`` (DMs go to shard 0)."""
        shard_id, count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, count) == shard_id

    @property
    def connected(self) -> bool:
        return self.ws is not None and not self.ws.closed


class Gateway:
    """Accepts discord.py's websocket and sends it events."""

    def __init__(
        self,
        world: World,
        changes: Changes,
        *,
        token: str | None,
        allowed_privileged_intents: int,
        guilds_per_shard: int = GUILDS_PER_SHARD,
        heartbeat_interval_ms: int = 41250,
    ) -> None:
        if guilds_per_shard < 1:
            raise ValueError(f"guilds_per_shard must be 1 or more, not {guilds_per_shard}")
        self.world = world
        self.changes = changes
        self.token = token
        self.allowed_privileged_intents = allowed_privileged_intents
        self.guilds_per_shard = guilds_per_shard
        self.heartbeat_interval_ms = heartbeat_interval_ms
        self.heartbeat_ack_delay = HEARTBEAT_ACK_DELAY  # a test may change it
        self._acks: set[asyncio.Task[None]] = set()
        self.url = ""  # set by the server once it has a port
        self.sessions: dict[str, Session] = {}
        self.identifies: list[dict[str, Any]] = []
        self.resumes: list[str] = []
        self.closes: list[int] = []
        self.heartbeats = 0
        self._sockets: set[web.WebSocketResponse] = set()
        self._closed_by_us: set[web.WebSocketResponse] = set()

    # the websocket

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: Session | None = None
        try:
            hello = {"heartbeat_interval": self.heartbeat_interval_ms}
            await self._send(ws, {"op": Op.HELLO, "d": hello})
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                session = await self._on_frame(ws, request, frame, session)
        finally:
            self._sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                # A client closing with 1000 ends its session (as on Discord); aiohttp also
                # reports 1000 after a close we started, which must stay resumable.
                if ws.close_code == 1000 and ws not in self._closed_by_us:
                    session.resumable = False
            self._closed_by_us.discard(ws)
            self.changes.notify()
        return ws

    async def _on_frame(
        self,
        ws: web.WebSocketResponse,
        request: web.Request,
        frame: dict[str, Any],
        session: Session | None,
    ) -> Session | None:
        op, d = frame.get("op"), frame.get("d")
        data: dict[str, Any] = d if isinstance(d, dict) else {}  # a heartbeat's is a number
        if op == Op.HEARTBEAT:
            self.heartbeats += 1
            ack = asyncio.create_task(self._ack(ws))  # the next frames do not wait for it
            self._acks.add(ack)
            ack.add_done_callback(self._acks.discard)
        elif op == Op.IDENTIFY:
            session = await self._identify(ws, request, data)
        elif op == Op.RESUME:
            session = await self._resume(ws, request, data)
        elif op == Op.REQUEST_MEMBERS and session is not None:
            await self._member_chunk(session, data)
        elif op in (Op.PRESENCE, Op.VOICE_STATE):
            pass
        else:
            log.warning("stand-in gateway: unexpected op %s", op)
        return session

    async def _identify(
        self, ws: web.WebSocketResponse, request: web.Request, data: dict[str, Any]
    ) -> Session | None:
        token = data.get("token")
        self.identifies.append({k: v for k, v in data.items() if k != "token"})
        self.changes.notify()
        if not token or (self.token is not None and token != self.token):
            await self._close(ws, Close.AUTHENTICATION_FAILED, "Authentication failed.")
            return None
        intents = int(data.get("intents", 0))
        if intents & Intent.PRIVILEGED & ~self.allowed_privileged_intents:
            await self._close(ws, Close.DISALLOWED_INTENTS, "Disallowed intent(s).")
            return None
        shard = valid_shard(data.get("shard", [0, 1]))
        if shard is None:
            await self._close(ws, Close.INVALID_SHARD, "Invalid shard.")
            return None
        guilds = self.world.guilds_on(shard)
        if len(guilds) > self.guilds_per_shard:
            await self._close(ws, Close.SHARDING_REQUIRED, "Sharding required.")
            return None
        session = Session(secrets.token_hex(16), intents, shard, ws=ws, request=request)
        self.sessions[session.id] = session
        bot = payloads.user(self.world.bot) | {"verified": True, "mfa_enabled": False}
        ready = {
            "v": 10,
            "user": bot,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "resume_gateway_url": self.url,
            "session_type": "normal",
            "shard": list(shard),
            "application": {"id": str(self.world.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
        }
        await self._dispatch_to(session, "READY", ready)
        for guild in guilds:
            await self._dispatch_to(
                session, "GUILD_CREATE", payloads.guild_create(self.world, guild, intents)
            )
        return session

    async def _resume(
        self, ws: web.WebSocketResponse, request: web.Request, data: dict[str, Any]
    ) -> Session | None:
        session = self.sessions.get(data.get("session_id", ""))
        self.resumes.append(str(data.get("session_id")))
        self.changes.notify()
        wrong_token = self.token is not None and data.get("token") != self.token
        if session is None or not session.resumable or wrong_token:
            await self._send(ws, {"op": Op.INVALID_SESSION, "d": False})
            return None
        old = session.ws
        if old is not None and old is not ws:
            with contextlib.suppress(Exception):
                await old.close(code=Close.UNKNOWN_ERROR)
        async with session.lock:
            session.ws, session.request = ws, request
            since = int(data.get("seq") or 0)
            for seq, text in list(session.backlog):
                if seq > since:
                    await ws.send_str(text)
        await self._dispatch_to(session, "RESUMED", {})
        return session

    async def _member_chunk(self, session: Session, data: dict[str, Any]) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        if guild is None or not session.owns(guild.id):
            return
        chunk = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if "nonce" in data:
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)

    def gateway_bot(self) -> dict[str, Any]:
        """``GET /gateway/bot``: the URL, the recommended shard count and the start limit."""
        total = SESSION_STARTS_PER_DAY
        return {
            "url": self.url,
            "shards": recommended_shards(len(self.world.guilds_on((0, 1))), self.guilds_per_shard),
            "session_start_limit": {
                "total": total,
                "remaining": max(0, total - len(self.sessions)),
                "reset_after": SESSION_START_RESET_MS,
                "max_concurrency": 1,
            },
        }

    # sending

    async def _send(self, ws: web.WebSocketResponse, frame: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await ws.send_str(json.dumps(frame))

    async def _ack(self, ws: web.WebSocketResponse) -> None:
        await asyncio.sleep(self.heartbeat_ack_delay)  # the round trip
        await self._send(ws, {"op": Op.HEARTBEAT_ACK})

    async def _close(self, ws: web.WebSocketResponse, code: int, reason: str) -> None:
        self.closes.append(code)
        self._closed_by_us.add(ws)
        await ws.close(code=code, message=reason.encode())

    async def _dispatch_to(self, session: Session, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            text = json.dumps({"op": Op.DISPATCH, "t": event, "s": session.seq, "d": data})
            session.backlog.append((session.seq, text))
            ws = session.ws
            if ws is not None and not ws.closed:
                try:
                    await ws.send_str(text)
                except (ConnectionError, RuntimeError):
                    log.debug("stand-in gateway: %s kept for resume", event)

    async def dispatch(
        self, event: str, data: Payload, *, intent: int | None, guild_id: int | None
    ) -> None:
        """Send ``event`` to every live session that asked for ``intent`` and owns the guild.

        ``data`` may be a function of the session's intents (message content depends on them).
        """
        for session in list(self.sessions.values()):
            if not session.resumable or not session.owns(guild_id):
                continue
            if intent is not None and not session.intents & intent:
                continue
            body = data(session.intents) if callable(data) else data
            await self._dispatch_to(session, event, body)

    async def dispatch_once(
        self, event: str, data: dict[str, Any], *, guild_id: int | None
    ) -> Session | None:
        """Send ``event`` to one session of the guild's shard: the oldest connected one, else
        the oldest resumable one (it gets it on RESUME). None when no session owns the guild."""
        owners = [s for s in self.sessions.values() if s.resumable and s.owns(guild_id)]
        chosen = next((s for s in owners if s.connected), owners[0] if owners else None)
        if chosen is not None:
            await self._dispatch_to(chosen, event, data)
        return chosen

    # faults

    def live(self, shard: tuple[int, int] | None = None) -> list[Session]:
        """Connected sessions (of ``shard``, if given), oldest first."""
        return [
            s for s in self.sessions.values() if s.connected and (shard is None or s.shard == shard)
        ]

    async def drop(self) -> int:
        """Cut every live connection abruptly (no close frame); sessions stay resumable."""
        dropped = 0
        for session in self.live():
            request = session.request
            if request is not None and request.transport is not None:
                request.transport.abort()
                dropped += 1
        return dropped

    async def close_with(self, code: int, reason: str = "") -> int:
        """Close every live connection with ``code`` (4014, 4000...)."""
        live = self.live()
        for session in live:
            assert session.ws is not None
            if code in Close.FINAL:
                session.resumable = False
            await self._close(session.ws, code, reason or f"closed with {code}")
        return len(live)

    async def request_reconnect(self) -> int:
        """Send op 7 RECONNECT, as Discord does before moving a session."""
        live = self.live()
        for session in live:
            assert session.ws is not None
            await self._send(session.ws, {"op": Op.RECONNECT, "d": None})
        return len(live)

    async def invalidate_sessions(self) -> int:
        """Send op 9 (not resumable): the client must IDENTIFY again."""
        live = self.live()
        for session in live:
            session.resumable = False
            assert session.ws is not None
            await self._send(session.ws, {"op": Op.INVALID_SESSION, "d": False})
        return len(live)

    async def shutdown(self) -> None:
        for ack in list(self._acks):
            ack.cancel()
        for ws in list(self._sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=1001, message=b"stand-in stopping")
