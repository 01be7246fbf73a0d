"""Who is who is never the page's word: the token names the player, the instance the channel."""

from __future__ import annotations

import aiohttp

from standin.activities import STANDIN_CLIENT_SECRET
from tests.bot.harness import Harness
from tests.bot.web.conftest import page_url


async def token_for(harness: Harness, person: str) -> str:
    standin = harness.standin
    code = standin.activities.issue_code(standin.user(person).id, standin.clock.now())
    async with aiohttp.ClientSession() as http:
        async with http.post(page_url(harness) + "api/token", json={"code": code}) as answer:
            assert answer.status == 200
            body = await answer.json()
        async with http.post(page_url(harness) + "api/token", json={"code": code}) as again:
            assert again.status == 400  # a code is good once, as on Discord
    assert set(body) == {"access_token"}
    return str(body["access_token"])


async def close_code(harness: Harness, hello: dict[str, str] | None) -> int | None:
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(page_url(harness) + "api/play") as ws,
    ):
        if hello is not None:
            await ws.send_json({"type": "hello", **hello})
        async for _ in ws:
            pass
        return ws.close_code


async def test_a_socket_needs_a_token_and_its_instance(web_game: Harness) -> None:
    standin = web_game.standin
    await standin.add_member("bob", "Bob")
    channel = standin.channel("boggle")
    instance = standin.activities.join(channel.id, channel.guild_id, standin.user("alice").id)
    alice = await token_for(web_game, "alice")
    bob = await token_for(web_game, "bob")
    assert (
        await close_code(web_game, {"access_token": "forged", "instance_id": instance.id}) == 4001
    )
    assert await close_code(web_game, {"access_token": bob, "instance_id": instance.id}) == 4003
    assert await close_code(web_game, {"access_token": alice, "instance_id": "i-none"}) == 4004
    async with (
        aiohttp.ClientSession() as http,
        http.ws_connect(page_url(web_game) + "api/play") as ws,
    ):
        await ws.send_json({"type": "hello", "access_token": alice, "instance_id": instance.id})
        welcome = await ws.receive_json(timeout=5)
        assert welcome["type"] == "welcome" and welcome["you"]["id"] == str(
            standin.user("alice").id
        )
        assert welcome["channel_id"] == str(channel.id)
        assert (await ws.receive_json(timeout=5))["type"] == "no_round"


async def test_the_code_exchange_needs_the_client_secret(web_game: Harness) -> None:
    standin = web_game.standin
    code = standin.activities.issue_code(standin.user("alice").id, standin.clock.now())
    form = {
        "client_id": str(standin.world.application_id),
        "grant_type": "authorization_code",
        "code": code,
    }
    async with aiohttp.ClientSession() as http:
        async with http.post(
            standin.api_base + "/oauth2/token", data=form | {"client_secret": "wrong"}
        ) as refused:
            assert refused.status == 401 and (await refused.json())["error"] == "invalid_client"
        async with http.post(
            standin.api_base + "/oauth2/token", data=form | {"client_secret": STANDIN_CLIENT_SECRET}
        ) as ok:
            assert ok.status == 200
        async with http.post(page_url(web_game) + "api/token", json={"code": "made-up"}) as bad:
            assert bad.status == 400
