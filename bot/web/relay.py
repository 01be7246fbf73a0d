"""Several processes: every process serves the page, and a player's socket may reach one that
does not run their channel's shard. That process, once it knows who the player is and where
they play (the token and the instance, as always), relays the socket to the owner's page, whose
address the owner recorded in the database (``web_addresses``); the owner takes the identity
from the relaying process, which proves itself with a key both derive from the bot's token: the
key never travels, only HMACs of what is sent and when (a captured request is good for
``FRESH_FOR`` seconds and for that one player and channel only)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import time

import aiohttp
from aiohttp import WSCloseCode, WSMsgType, web

from bot.web.discord_api import Person

log = logging.getLogger(__name__)

HEADER = "X-Boggle-Relay"
ROUTE = "api/relay"
TIMEOUT = aiohttp.ClientTimeout(total=None, connect=5)
FRESH_FOR = 30.0  # seconds a relay's signature is good for (the processes' clocks agree to that)


def relay_secret(bot_token: str) -> str:
    """What a relaying process shows the owner: the same in every process of the bot, never
    sent to a page, and useless elsewhere (an HMAC of the token, not the token)."""
    return hmac.new(bot_token.encode(), b"boggle web relay", hashlib.sha256).hexdigest()


def _mac(secret: str, text: str) -> str:
    return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()


def _fresh(at: object) -> bool:
    return isinstance(at, (int, float)) and abs(time.time() - at) <= FRESH_FOR


def stamp(secret: str) -> str:
    """The relaying request's header: when, and its HMAC (never the key)."""
    at = f"{time.time():.3f}"
    return f"{at}:{_mac(secret, 'relay ' + at)}"


def trusted(request: web.Request, secret: str) -> bool:
    at, _, mac = request.headers.get(HEADER, "").partition(":")
    try:
        fresh = _fresh(float(at))
    except ValueError:
        return False
    return fresh and hmac.compare_digest(mac, _mac(secret, "relay " + at))


def identity(person: Person, channel_id: int, guild_id: int | None, secret: str) -> str:
    """The relaying process's first frame: who plays where, when, signed."""
    said = {
        "type": "relayed",
        "you": {"id": person.id, "name": person.name, "locale": person.locale},
        "channel_id": channel_id,
        "guild_id": guild_id,
        "at": round(time.time(), 3),
    }
    return json.dumps({**said, "mac": _mac(secret, json.dumps(said, sort_keys=True))})


def identified(data: object, secret: str) -> tuple[Person, int, int | None] | None:
    """The player and place a relaying process sends first; None unless signed with the key
    and fresh."""
    if not isinstance(data, dict) or data.get("type") != "relayed":
        return None
    said = {k: v for k, v in data.items() if k != "mac"}
    mac = str(data.get("mac", ""))
    if not _fresh(said.get("at")) or not hmac.compare_digest(
        mac, _mac(secret, json.dumps(said, sort_keys=True))
    ):
        return None
    you, guild = data.get("you") or {}, data.get("guild_id")
    person = Person(int(you["id"]), str(you["name"]), str(you["locale"]))
    return person, int(data["channel_id"]), int(guild) if guild else None


async def relay(
    ws: web.WebSocketResponse,
    address: str,
    secret: str,
    person: Person,
    channel_id: int,
    guild_id: int | None,
) -> None:
    """Pipe the page's socket to the owner's until either ends; the owner's close code goes
    back to the page (an owner out of reach: 1013, and the page tries again)."""
    try:
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as http,
            http.ws_connect(
                address + ROUTE, headers={HEADER: stamp(secret)}, heartbeat=20.0
            ) as owner,
        ):
            await owner.send_str(identity(person, channel_id, guild_id, secret))
            up = asyncio.create_task(_pipe(ws, owner))
            down = asyncio.create_task(_pipe(owner, ws))
            await asyncio.wait((up, down), return_when=asyncio.FIRST_COMPLETED)
            for task in (up, down):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            code = owner.close_code if down.done() and owner.close_code else None
    except (aiohttp.ClientError, OSError) as exc:
        log.warning(
            "channel %s: the page's owner at %s is out of reach (%s)", channel_id, address, exc
        )
        code = WSCloseCode.TRY_AGAIN_LATER
    if not ws.closed:
        await ws.close(code=code or WSCloseCode.GOING_AWAY, message=b"relay ended")


async def _pipe(
    source: web.WebSocketResponse | aiohttp.ClientWebSocketResponse,
    sink: web.WebSocketResponse | aiohttp.ClientWebSocketResponse,
) -> None:
    async for message in source:
        if message.type == WSMsgType.TEXT:
            await sink.send_str(message.data)
