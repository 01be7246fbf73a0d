"""What the web adapter asks Discord: the OAuth2 code exchange, who a token belongs to, and where
an activity instance runs. The client secret and tokens go only in requests, never in logs."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import aiohttp

DISCORD_API = "https://discord.com/api/v10"
TIMEOUT = aiohttp.ClientTimeout(total=10)
# An Activity instance's id as Discord writes it ("i-1180...-gc-...-..."): letters, digits, "-".
INSTANCE_ID = re.compile(r"[A-Za-z0-9_-]{1,100}")


class Refused(Exception):
    """Discord said no (a bad code or token, an unknown instance); ``status`` is its HTTP code."""

    def __init__(self, status: int, what: str) -> None:
        super().__init__(f"{what}: HTTP {status}")
        self.status = status


@dataclass(frozen=True)
class Person:
    """Who holds an access token, as ``/users/@me`` says."""

    id: int
    name: str
    locale: str


@dataclass(frozen=True)
class Instance:
    """An activity instance as Discord reports it to the bot."""

    id: str
    channel_id: int
    guild_id: int | None
    users: frozenset[int]


class DiscordApi:
    """One HTTP session to Discord's REST API (``api_base``: a proxy or the stand-in)."""

    def __init__(
        self, application_id: int, bot_token: str, client_secret: str, api_base: str | None
    ) -> None:
        self.application_id = application_id
        self._bot_token = bot_token
        self._secret = client_secret
        self.base = (api_base or DISCORD_API).rstrip("/")
        self._session: aiohttp.ClientSession | None = None

    @property
    def session(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(timeout=TIMEOUT)
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()

    async def exchange(self, code: str) -> str:
        """The access token for the page's one-time code (OAuth2 authorization_code grant)."""
        form = {
            "client_id": str(self.application_id),
            "client_secret": self._secret,
            "grant_type": "authorization_code",
            "code": code,
        }
        async with self.session.post(f"{self.base}/oauth2/token", data=form) as response:
            body = await _json(response, "the code exchange")
        token = body.get("access_token")
        if not isinstance(token, str):
            raise Refused(502, "the code exchange")
        return token

    async def person(self, access_token: str) -> Person:
        headers = {"Authorization": f"Bearer {access_token}"}
        async with self.session.get(f"{self.base}/users/@me", headers=headers) as response:
            body = await _json(response, "/users/@me")
        name = body.get("global_name") or body.get("username") or "?"
        try:
            return Person(int(body["id"]), str(name), str(body.get("locale") or "en-US"))
        except (KeyError, TypeError, ValueError):
            raise Refused(502, "/users/@me") from None

    async def instance(self, instance_id: str) -> Instance:
        """The instance as Discord reports it; Refused for an id that is no instance id (the
        page's word goes into a URL sent with the bot's token: never a path of its choosing)."""
        if not INSTANCE_ID.fullmatch(instance_id):
            raise Refused(404, "the activity instance")
        url = f"{self.base}/applications/{self.application_id}/activity-instances/{instance_id}"
        headers = {"Authorization": f"Bot {self._bot_token}"}
        async with self.session.get(url, headers=headers) as response:
            body = await _json(response, "the activity instance")
        try:
            location = body.get("location") or {}
            guild = location.get("guild_id")
            return Instance(
                str(body["instance_id"]),
                int(location["channel_id"]),
                int(guild) if guild else None,
                frozenset(int(u) for u in body.get("users") or ()),
            )
        except (KeyError, TypeError, ValueError, AttributeError):
            raise Refused(502, "the activity instance") from None


async def _json(response: aiohttp.ClientResponse, what: str) -> dict[str, Any]:
    if response.status != 200:
        raise Refused(response.status, what)
    body = await response.json(content_type=None)
    if not isinstance(body, dict):
        raise Refused(502, what)
    return body
