"""Discord's client around the Activity, for the browser tests: the SDK's real ``DiscordSDK``.

The frame is a page at ``https://discord.com/channels/{guild}/{channel}`` served by Playwright's
routing (nothing leaves the machine): Discord's own origin, which the SDK accepts messages from
and the page's CSP ``frame-ancestors`` allows. It embeds the page with Discord's query and answers
its RPC over ``postMessage`` as Discord's client does (HANDSHAKE -> READY; a command -> a frame
with its ``cmd`` and ``nonce``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import aiohttp
from playwright.async_api import Browser, Frame, Page, Route

from standin import StandIn

DISCORD = "https://discord.com"
FRAME_ID = "frame-7c1e"
SDK_VERSION = "2.5.0"  # bot/web/static/vendor/discord-embedded-app-sdk/VERSION
# Chromium holds a public page's requests to loopback behind a prompt (Local Network Access);
# Discord's frame is public, and so is the Activity behind Discord's proxy, but here the Activity
# is on 127.0.0.1: the browser for these tests runs without that check.
LOOPBACK_ALLOWED = "--disable-features=LocalNetworkAccessChecks"
# Opcodes of the SDK's postMessage transport (src/Discord.ts).
HANDSHAKE, FRAME, CLOSE = 0, 1, 2
# RPC error codes (the SDK's RPCErrorCodes and Discord's RPC docs).
OAUTH2_ERROR = 5000
INVALID_COMMAND = 4002
INVALID_CLIENTID = 4007
INVALID_TOKEN = 4009
# What Discord's client answers when the person presses Cancel on the authorize prompt.
ACCESS_DENIED = (
    "OAuth2 Error: access_denied: The resource owner or authorization server denied the request"
)

# The frame: registers its listener before the iframe exists, so no message is missed.
FRAME_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Discord</title>
<style>html, body, iframe { margin: 0; border: 0; width: 100%; height: 100%; display: block }</style>
</head><body><script>
const src = SRC;
const origin = new URL(src).origin;
const activity = document.createElement("iframe");
activity.id = "activity";
window.addEventListener("message", async (event) => {
  if (event.source !== activity.contentWindow || event.origin !== origin) return;
  if (!Array.isArray(event.data)) return;
  const replies = await window.discordClient(event.data[0], event.data[1] ?? null);
  for (const reply of replies) activity.contentWindow.postMessage(reply, origin);
});
activity.allow = "autoplay; clipboard-write";
activity.src = src;
document.body.append(activity);
</script></body></html>
"""


def rpc_error(cmd: str, nonce: str | None, code: int, message: str) -> list[Any]:
    return [
        FRAME,
        {"cmd": cmd, "nonce": nonce, "evt": "ERROR", "data": {"code": code, "message": message}},
    ]


@dataclass
class DiscordClient:
    """One person's Discord client: what it answers the Activity's SDK. ``deny``: the person
    presses Cancel on the authorize prompt; ``before_authenticate``: called when AUTHENTICATE
    arrives, before the token is checked (a test revokes it there)."""

    standin: StandIn
    person: str
    deny: bool = False
    before_authenticate: Callable[[], None] | None = None
    commands: list[str] = field(default_factory=list)  # the page's commands but its logs
    logs: list[str] = field(default_factory=list)  # the page's console, as CAPTURE_LOG brings it
    handshakes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def client_id(self) -> str:
        return str(self.standin.world.application_id)

    async def receive(self, opcode: int, body: dict[str, Any] | None) -> list[list[Any]]:
        """The frames to post back for one the page posted."""
        if opcode == HANDSHAKE and isinstance(body, dict):
            return self.handshake(body)
        if opcode == FRAME and isinstance(body, dict):
            return [await self.command(str(body.get("cmd")), body.get("nonce"), body.get("args"))]
        return []

    def handshake(self, body: dict[str, Any]) -> list[list[Any]]:
        self.handshakes.append(body)
        if body.get("v") != 1 or body.get("encoding", "json") != "json":
            return [[CLOSE, {"code": 4004, "message": "Invalid Version"}]]
        if body.get("client_id") != self.client_id or body.get("frame_id") != FRAME_ID:
            return [[CLOSE, {"code": 4000, "message": "Invalid Client ID"}]]
        user = self.standin.user(self.person)
        ready = {
            "v": 1,
            "config": {
                "cdn_host": "cdn.discordapp.com",
                "api_endpoint": "//discord.com/api",
                "environment": "production",
            },
            "user": {"id": str(user.id), "username": user.username, "discriminator": "0"},
        }
        return [[FRAME, {"cmd": "DISPATCH", "evt": "READY", "nonce": None, "data": ready}]]

    async def command(self, cmd: str, nonce: Any, args: Any) -> list[Any]:
        if cmd != "CAPTURE_LOG":
            self.commands.append(cmd)
        nonce = nonce if isinstance(nonce, str) else None
        args = args if isinstance(args, dict) else {}
        if cmd == "AUTHORIZE":
            if args.get("client_id") != self.client_id:
                return rpc_error(cmd, nonce, INVALID_CLIENTID, "Invalid Client ID")
            if self.deny:
                return rpc_error(cmd, nonce, OAUTH2_ERROR, ACCESS_DENIED)
            scopes = tuple(str(s) for s in args.get("scope") or ("identify",))
            user = self.standin.user(self.person)
            code = self.standin.activities.issue_code(user.id, self.standin.clock.now(), scopes)
            return [FRAME, {"cmd": cmd, "nonce": nonce, "evt": None, "data": {"code": code}}]
        if cmd == "AUTHENTICATE":
            if self.before_authenticate is not None:
                self.before_authenticate()
            data = await self.authorization(str(args.get("access_token") or ""))
            if data is None:
                return rpc_error(cmd, nonce, INVALID_TOKEN, "Invalid access token")
            return [FRAME, {"cmd": cmd, "nonce": nonce, "evt": None, "data": data}]
        if cmd == "CAPTURE_LOG":
            self.logs.append(f"{args.get('level')}: {args.get('message')}")
            return [FRAME, {"cmd": cmd, "nonce": nonce, "evt": None, "data": None}]
        return rpc_error(cmd, nonce, INVALID_COMMAND, f"Unknown command {cmd}")

    async def authorization(self, token: str) -> dict[str, Any] | None:
        """What AUTHENTICATE answers: the token's authorization as Discord's API reports it
        (``GET /oauth2/@me`` with the token), or None when the API refuses the token."""
        headers = {"Authorization": f"Bearer {token}"}
        async with (
            aiohttp.ClientSession() as http,
            http.get(self.standin.api_base + "/oauth2/@me", headers=headers) as answer,
        ):
            if answer.status != 200:
                return None
            body: dict[str, Any] = await answer.json()
        return {"access_token": token, **body}


def activity_query(standin: StandIn, person: str, channel: str) -> dict[str, str]:
    """The query Discord puts on the Activity's URL when ``person`` opens it in ``channel``
    (joining the channel's instance, as opening it does)."""
    place = standin.channel(channel)
    instance = standin.activities.join(place.id, place.guild_id, standin.user(person).id)
    guild = str(place.guild_id or "")
    return {
        "instance_id": instance.id,
        "location_id": f"gc-{guild}-{place.id}" if guild else "pc",
        "launch_id": str(instance.launch_id),
        "channel_id": str(place.id),
        "guild_id": guild,
        "frame_id": FRAME_ID,
        "platform": "desktop",
    }


async def open_in_discord(
    browser: Browser,
    client: DiscordClient,
    page_url: str,
    query: dict[str, str],
    size: tuple[int, int] = (390, 844),
) -> tuple[Page, Frame]:
    """The Discord frame (its own browser context) with the Activity's page in it; the frame's
    page and the Activity's frame, whose locators the test uses as a player's."""
    context = await browser.new_context(viewport={"width": size[0], "height": size[1]})
    src = page_url + "?" + urlencode(query)
    where = f"{DISCORD}/channels/{query['guild_id'] or '@me'}/{query['channel_id']}"
    html = FRAME_PAGE.replace("SRC", json.dumps(src))

    async def serve(route: Route) -> None:
        if route.request.url == where:
            await route.fulfill(status=200, content_type="text/html", body=html)
        else:
            await route.abort()

    async def receive(source: dict[str, Any], opcode: int, body: Any) -> list[list[Any]]:
        if source["frame"] != page.main_frame:  # only the Discord frame speaks for the client
            return []
        return await client.receive(opcode, body)

    await context.route(f"{DISCORD}/**", serve)
    page = await context.new_page()
    await page.expose_binding("discordClient", receive)
    await page.goto(where)
    element = await page.wait_for_selector("#activity")
    assert element is not None
    frame = await element.content_frame()
    assert frame is not None
    return page, frame
