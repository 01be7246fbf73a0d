"""The web front end's HTTP server (aiohttp): the page and its files, ``/api/config``, the
page's words at ``/api/strings``, the OAuth2 code exchange at ``/api/token`` and the play socket
at ``/api/play``. Every URL the page uses is relative: Discord serves it from its own proxy
domain."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from aiohttp import web

from bot.config.settings import WebSettings
from bot.kernel.pages import PageDirectory
from bot.web import payloads, relay
from bot.web.discord_api import DiscordApi, Refused
from bot.web.play import Sockets
from bot.web.routes import PageRoutes, Router

log = logging.getLogger(__name__)
# What a socket's close is given at shutdown, all sockets together.
STOP_GRACE = 2.0
# Listening everywhere is no address another process can dial.
UNREACHABLE = ("0.0.0.0", "::", "")

STATIC = Path(__file__).resolve().parent / "static"
# The page's own files only; Discord's proxy adds its own policy in front of this one.
CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self' ws: wss:; frame-ancestors https://discord.com https://*.discordsays.com "
    "https://*.discord.com 'self' http://127.0.0.1:*"
)


class WebServer:
    """Serves the Activity on ``settings.host``:``settings.port`` (0: a free port, ``port``
    tells which once started), each socket's messages to the features' handlers (``routes``:
    one table a feature). ``mock``: the page is opened outside Discord (the sandbox)."""

    def __init__(
        self,
        routes: Sequence[PageRoutes],
        pages: PageDirectory,
        clock: Callable[[], float],
        settings: WebSettings,
        api: DiscordApi,
        *,
        mock: bool,
        relay_secret: str = "",
    ) -> None:
        """``pages``: which process serves a server's players; ``clock``: the bot's, the
        page's countdown set to it; ``relay_secret``: what the bot's processes show each
        other."""
        self.router = Router(routes)
        self.pages = pages
        self.settings = settings
        self.api = api
        self.mock = mock
        self.port = settings.port or 0
        self._runner: web.AppRunner | None = None
        self._sockets: set[web.WebSocketResponse] = set()
        self.sockets = Sockets(self.router, pages, clock, relay_secret, self._sockets)

    @property
    def sockets_open(self) -> int:
        """Play sockets open now (the metrics read it)."""
        return len(self._sockets)

    @property
    def url(self) -> str:
        return f"http://{self.settings.host}:{self.port}/"

    async def start(self) -> None:
        self.router.start()
        app = web.Application(client_max_size=16 * 1024, middlewares=[_headers])
        app.router.add_get("/", self._index)
        app.router.add_get("/api/config", self._config)
        app.router.add_get("/api/strings", self._strings)
        app.router.add_post("/api/token", self._token)
        app.router.add_get("/api/play", self._play)
        app.router.add_get("/" + relay.ROUTE, self._relayed)
        app.router.add_static("/static/", STATIC, append_version=False)
        # No access log: a sandbox link carries a one-time code in its query.
        self._runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.settings.host, self.port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        log.info("the Activity's page is served on %s", self.url)
        pages = self.pages
        if pages.split:  # others relay this process's players to it
            if self.settings.host in UNREACHABLE:
                log.warning(
                    "BOGGLE_WEB_HOST=%s: the bot's other processes cannot reach this one there to"
                    " relay its players; set it to an address they can reach",
                    self.settings.host,
                )
            await pages.record(self.url)

    async def stop(self) -> None:
        """Close every socket (going away: the page reconnects, to the next process if any),
        all at once and within STOP_GRACE: a page that does not answer is not waited for."""
        closing = [ws.close(code=1001, message=b"restarting") for ws in list(self._sockets)]
        if closing:
            _, late = await asyncio.wait(
                [asyncio.ensure_future(c) for c in closing], timeout=STOP_GRACE
            )
            for task in late:
                task.cancel()
        await self.router.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        await self.api.close()

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def _config(self, request: web.Request) -> web.Response:
        return web.json_response({"client_id": str(self.api.application_id), "mock": self.mock})

    async def _strings(self, request: web.Request) -> web.Response:
        """The page's words before sign-in, so a refusal reads in the player's language:
        ``lang`` is the browser's languages, best first (English for one the bot lacks)."""
        language = payloads.page_language(request.query.get("lang", ""))
        body = {"language": language, "strings": payloads.strings(language)}
        return web.json_response(body, headers={"Cache-Control": "max-age=300"})

    async def _token(self, request: web.Request) -> web.Response:
        try:
            body = json.loads(await request.read())
            code = body["code"] if isinstance(body, dict) else None
        except (ValueError, KeyError):
            code = None
        if not isinstance(code, str) or not code:
            return web.json_response({"error": "a code is needed"}, status=400)
        try:
            token = await self.api.exchange(code)
        except Refused as exc:
            log.info("an OAuth2 code was refused (HTTP %s)", exc.status)
            return web.json_response({"error": "the code was refused"}, status=400)
        return web.json_response({"access_token": token}, headers={"Cache-Control": "no-store"})

    async def _play(self, request: web.Request) -> web.StreamResponse:
        return await self.sockets.play(request, self.api)

    async def _relayed(self, request: web.Request) -> web.StreamResponse:
        return await self.sockets.relayed(request)


@web.middleware
async def _headers(
    request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
) -> web.StreamResponse:
    response = await handler(request)
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    return response


async def start_web(
    routes: Sequence[PageRoutes],
    pages: PageDirectory,
    clock: Callable[[], float],
    settings: WebSettings,
    application_id: int,
    bot_token: str,
    api_base: str,
    *,
    mock: bool,
) -> WebServer:
    """The web front end, started: Discord's API at the bot's own API base (the stand-in in
    the sandbox and the tests)."""
    secret = settings.client_secret or ""
    api = DiscordApi(application_id, bot_token, secret, api_base)
    secret = relay.relay_secret(bot_token)
    server = WebServer(routes, pages, clock, settings, api, mock=mock, relay_secret=secret)
    await server.start()
    return server
