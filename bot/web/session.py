"""A player on the page, as every handler is given them: who, where they play, and the way to
send them messages (its socket is the kit's to serve)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.web import payloads
from bot.web.discord_api import Person
from bot.web.messages import ErrorJson, Message

if TYPE_CHECKING:  # the server imports aiohttp.web; a page side needs only this
    from aiohttp import web


class Session:
    """A connected player; ``send`` never raises (a socket that went away is dropped by the
    kit once its loop ends)."""

    def __init__(
        self,
        ws: web.WebSocketResponse,
        person: Person,
        channel_id: int,
        guild: int | None,
        rejoin: Callable[[Session], Awaitable[None]],
    ) -> None:
        self.ws = ws
        self.person = person
        self.player_id = person.id
        self.name = person.name
        self.channel_id = channel_id
        self.guild_id = guild
        self.language = payloads.page_language(person.locale)
        self._rejoin = rejoin
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
        said: ErrorJson = {"type": "error", "message": text(key, self.language, **fields)}
        await self.send(said)

    async def refused(self, refusal: Refusal) -> None:
        """A use case's refusal as the page's error line, in the refusal's language, else the
        player's."""
        said: ErrorJson = {"type": "error", "message": refusal.text(self.language)}
        await self.send(said)

    async def rejoin(self) -> None:
        """Back to the channel from a screen of the page's own (the daily board): every page
        side's joining runs again, as when the page arrived."""
        await self._rejoin(self)
