"""``StandIn``: a Discord-compatible server on 127.0.0.1 for end-to-end tests and the sandbox.

It holds a world (guilds, channels, members), serves REST v10 and the gateway, records what the
bot did, and acts as people do: ``user_says``, ``slash`` (a ``CommandError`` where Discord's
client would not offer the command), ``click``, ``submit_modal``, ``launch``, ``pass_time``.
What the bot sends is refused as Discord refuses it (``errors.py`` has the wording); an
interaction not answered within ``answer_window`` (3 s, as Discord) is 10062 to the bot.
"""

from __future__ import annotations

import socket
from collections.abc import Callable
from typing import TypeVar

from aiohttp import web

from standin.codes import MessageFlag
from standin.entities import StoredMessage
from standin.launching import Launching
from standin.people import People
from standin.recorder import TranscriptEntry

T = TypeVar("T")


class StandIn(People, Launching):
    """The server. ``await start()``, point discord.py at ``api_base``/``gateway_url``, ``await stop()``."""

    # lifecycle

    async def start(self) -> None:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes(self.rest.routes())
        app.router.add_get("/gateway", self.gateway.handle)
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=1.0
        )
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self._host, self._port))
        self._port = sock.getsockname()[1]
        site = web.SockSite(self._runner, sock)
        await site.start()
        self.gateway.url = self.gateway_url

    async def stop(self) -> None:
        if self._runner is None:
            return
        await self.gateway.shutdown()
        await self._runner.cleanup()
        self._runner = None

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # waiting

    async def wait_for_message(
        self,
        channel: int | str,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        after: int | None = None,
    ) -> StoredMessage:
        """The next bot message in ``channel`` (created after this call, or after message id
        ``after``) for which ``predicate`` is true."""
        cid = self.channel(channel).id
        bot_id = self.world.bot.id
        since = after if after is not None else max(self.world.messages, default=0)

        def found() -> StoredMessage | None:
            for msg in self.world.messages.values():
                if (
                    msg.id > since
                    and msg.channel_id == cid
                    and msg.author.id == bot_id
                    and not msg.flags & MessageFlag.LOADING
                    and (predicate is None or predicate(msg))
                ):
                    return msg
            return None

        return await self.changes.wait_until(found, timeout, f"a bot message in {channel}")

    async def wait_for_transcript(
        self,
        channel: int | str,
        predicate: Callable[[TranscriptEntry], bool],
        timeout: float = 5.0,
    ) -> TranscriptEntry:
        """The first transcript entry (old or new) of ``channel`` matching ``predicate``."""
        cid = self.channel(channel).id

        def found() -> TranscriptEntry | None:
            return next((e for e in self.recorder.transcripts.get(cid, []) if predicate(e)), None)

        return await self.changes.wait_until(found, timeout, f"a transcript entry in {channel}")

    async def wait_until(self, check: Callable[[], T | None], timeout: float = 5.0) -> T:
        """``check()`` once it is truthy (re-checked whenever the stand-in sees something)."""
        return await self.changes.wait_until(check, timeout)

    async def wait_for_connection(
        self, timeout: float = 5.0, *, shard: tuple[int, int] | None = None
    ) -> None:
        """Until a gateway session (of ``shard``, if given) is live."""
        await self.wait_until(lambda: self.gateway.live(shard), timeout)

    # gateway faults

    async def drop_gateway(self) -> int:
        """Cut the gateway connections abruptly; the client should RESUME."""
        return await self.gateway.drop()

    async def close_gateway(self, code: int, reason: str = "") -> int:
        """Close the gateway connections with ``code`` (4014: disallowed intents...)."""
        return await self.gateway.close_with(code, reason)

    async def request_reconnect(self) -> int:
        return await self.gateway.request_reconnect()

    async def invalidate_sessions(self) -> int:
        return await self.gateway.invalidate_sessions()
