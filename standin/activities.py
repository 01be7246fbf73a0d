"""Discord's part of an Activity: OAuth2 codes and tokens for people, and activity instances.

A code is what the Embedded App SDK's ``commands.authorize`` gives the page; a token what
``POST /oauth2/token`` returns for it. The REST side is ``standin/rest/oauth.py``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

CODE_LIFETIME = 600.0  # seconds: Discord's codes are short-lived and single-use
TOKEN_LIFETIME = 604800  # seconds: Discord's access tokens last a week
DEFAULT_LOCALE = "en-US"
# The application's client secret: fixed, so a sandbox's bot and stand-in agree without sharing
# anything else; a wrong one is refused as Discord refuses it.
STANDIN_CLIENT_SECRET = "standin-client-secret"


@dataclass
class Instance:
    """An Activity launched in a channel; ``users`` are those connected to it now."""

    id: str
    launch_id: int
    channel_id: int
    guild_id: int | None
    users: list[int] = field(default_factory=list)


@dataclass
class Grant:
    user_id: int
    scopes: tuple[str, ...]
    expires: float


class Activities:
    """Codes, tokens and instances; the people's locales (what ``/users/@me`` reports)."""

    def __init__(self, client_secret: str | None = None) -> None:
        self.client_secret = client_secret or STANDIN_CLIENT_SECRET
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        self.instances: dict[str, Instance] = {}
        self.locales: dict[int, str] = {}
        self._launches = 0

    def issue_code(self, user_id: int, now: float, scopes: tuple[str, ...] = ("identify",)) -> str:
        """A one-time code for ``user_id``, as ``commands.authorize`` returns it."""
        code = secrets.token_urlsafe(16)
        self.codes[code] = Grant(user_id, scopes, now + CODE_LIFETIME)
        return code

    def redeem(self, code: str, now: float) -> tuple[str, Grant] | None:
        """The access token for a code, once: a spent or expired code gives nothing."""
        grant = self.codes.pop(code, None)
        if grant is None or grant.expires < now:
            return None
        token = secrets.token_urlsafe(24)
        self.tokens[token] = Grant(grant.user_id, grant.scopes, now + TOKEN_LIFETIME)
        return token, self.tokens[token]

    def bearer(self, token: str, now: float) -> Grant | None:
        grant = self.tokens.get(token)
        return grant if grant is not None and grant.expires >= now else None

    def revoke_all(self) -> None:
        """Every access token invalid (a test of a page whose token is refused)."""
        self.tokens.clear()

    def join(self, channel_id: int, guild_id: int | None, user_id: int) -> Instance:
        """``user_id`` opens the Activity in the channel: the channel's instance (one per place,
        as Discord has), created by the first to launch it."""
        found = next((i for i in self.instances.values() if i.channel_id == channel_id), None)
        if found is None:
            self._launches += 1
            found = Instance(f"i-{secrets.token_hex(8)}", self._launches, channel_id, guild_id)
            self.instances[found.id] = found
        if user_id not in found.users:
            found.users.append(user_id)
        return found

    def leave(self, instance_id: str, user_id: int) -> None:
        """The instance ends when its last user leaves, as on Discord."""
        instance = self.instances.get(instance_id)
        if instance is None:
            return
        if user_id in instance.users:
            instance.users.remove(user_id)
        if not instance.users:
            del self.instances[instance_id]
