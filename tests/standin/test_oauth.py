"""A person's OAuth2 token as Discord's API answers it: ``/oauth2/@me`` (the authorization the
Embedded App SDK's AUTHENTICATE reports) and ``/users/@me``; a spent, revoked or made-up token,
or the bot's own, refused with Discord's 401."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import aiohttp

from standin import StandIn
from standin.activities import TOKEN_LIFETIME
from tests.standin.rest_client import call

UNAUTHORIZED = (401, {"message": "401: Unauthorized", "code": 0})


async def bearer(standin: StandIn, path: str, token: str) -> tuple[int, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        aiohttp.ClientSession() as http,
        http.get(standin.api_base + path, headers=headers) as answer,
    ):
        return answer.status, await answer.json()


def token_for(standin: StandIn, person: str, scopes: tuple[str, ...] = ("identify",)) -> str:
    now = standin.clock.now()
    code = standin.activities.issue_code(standin.user(person).id, now, scopes)
    redeemed = standin.activities.redeem(code, now)
    assert redeemed is not None
    return redeemed[0]


async def test_a_token_s_authorization(standin: StandIn) -> None:
    alice = standin.user("alice")
    token = token_for(standin, "alice")
    status, body = await bearer(standin, "/oauth2/@me", token)
    assert status == 200
    assert set(body) == {"application", "scopes", "expires", "user"}
    assert body["application"]["id"] == str(standin.world.application_id)
    assert body["application"]["name"] == standin.world.bot.username
    assert body["scopes"] == ["identify"]
    expires = datetime.fromisoformat(body["expires"])
    week = datetime.now(UTC) + timedelta(seconds=TOKEN_LIFETIME)
    assert abs((expires - week).total_seconds()) < 60
    assert body["user"]["id"] == str(alice.id) and body["user"]["username"] == alice.username
    status, me = await bearer(standin, "/users/@me", token)
    assert status == 200 and me["id"] == str(alice.id)

    # Without ``identify``, the authorization names no user.
    status, body = await bearer(standin, "/oauth2/@me", token_for(standin, "alice", ("guilds",)))
    assert status == 200 and "user" not in body and body["scopes"] == ["guilds"]


async def test_tokens_refused(standin: StandIn) -> None:
    token = token_for(standin, "alice")
    assert await bearer(standin, "/oauth2/@me", "made-up") == UNAUTHORIZED
    assert await call(standin, "GET", "/oauth2/@me") == UNAUTHORIZED  # the bot's token
    assert await bearer(standin, "/channels/1/messages", token) == UNAUTHORIZED
    standin.activities.revoke_all()
    assert await bearer(standin, "/oauth2/@me", token) == UNAUTHORIZED
    assert await bearer(standin, "/users/@me", token) == UNAUTHORIZED
