"""Injected faults: 429, 5xx, slow routes, gateway drops, permissions, deleted channels."""

from __future__ import annotations

import aiohttp
import discord
import discord.http
import pytest

from standin import StandIn
from standin.gateway import Op
from tests.standin.demo_bot import DemoBot, expect

SEND = "POST /channels/{channel_id}/messages"


async def test_429_is_retried_and_succeeds(standin: StandIn, demo_bot: DemoBot) -> None:
    standin.faults.rate_limit(SEND, times=2, retry_after=0.05)
    channel = demo_bot.text_channel(standin.channel("boggle").id)
    sent = await channel.send("after the rate limit")
    assert sent.content == "after the rate limit"
    assert [c.status for c in standin.calls_to(SEND)] == [429, 429, 200]
    assert [m.content for m in standin.messages("boggle")] == ["after the rate limit"]


async def test_429_answer_has_discords_headers_and_body(standin: StandIn) -> None:
    standin.faults.rate_limit("GET /users/@me", retry_after=1.5, is_global=True)
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.api_base}/users/@me", headers={"Authorization": "Bot x"}) as resp,
    ):
        assert resp.status == 429
        assert resp.headers["Content-Type"] == "application/json"
        assert resp.headers["Via"] and resp.headers["Retry-After"] == "2"
        assert resp.headers["X-RateLimit-Remaining"] == "0"
        assert resp.headers["X-RateLimit-Global"] == "true"
        assert (await resp.json())["retry_after"] == 1.5


async def test_500_is_retried(standin: StandIn, demo_bot: DemoBot) -> None:
    # discord.py waits 1 s before retrying a 500: the one slow test.
    standin.faults.server_error(SEND, times=1)
    sent = await demo_bot.text_channel(standin.channel("boggle").id).send("eventually")
    assert sent.content == "eventually"
    assert [c.status for c in standin.calls_to(SEND)] == [500, 200]


async def test_slow_route_delays_the_answer(standin: StandIn, demo_bot: DemoBot) -> None:
    import time

    standin.faults.slow(SEND, 0.3, times=1)
    started = time.monotonic()
    await demo_bot.text_channel(standin.channel("boggle").id).send("slowly")
    assert time.monotonic() - started >= 0.3


async def test_gateway_drop_resumes_and_replays_missed_events(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    resumed = expect(demo_bot, "resumed")
    assert await standin.drop_gateway() == 1
    # Said while the bot is disconnected: kept for the resume.
    missed = expect(demo_bot, "message")
    await standin.user_says("boggle", "alice", "while you were away")
    await resumed
    assert (await missed).content == "while you were away"
    assert len(standin.gateway.identifies) == 1 and len(standin.gateway.resumes) == 1
    await standin.user_says("boggle", "bob", "!echo still here")
    assert (await standin.wait_for_message("boggle")).content == "still here"


async def test_gateway_close_4000_and_reconnect_op(standin: StandIn, demo_bot: DemoBot) -> None:
    resumed = expect(demo_bot, "resumed")
    await standin.close_gateway(4000)
    await resumed
    resumed = expect(demo_bot, "resumed")
    await standin.request_reconnect()
    await resumed
    assert len(standin.gateway.resumes) == 2


async def test_invalid_session_makes_the_client_identify_again(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    await standin.invalidate_sessions()
    await standin.wait_until(lambda: len(standin.gateway.identifies) == 2)
    await standin.wait_for_connection()
    await standin.user_says("boggle", "bob", "!echo again")
    assert (await standin.wait_for_message("boggle", timeout=5)).content == "again"


async def test_missing_permission_is_forbidden(standin: StandIn, demo_bot: DemoBot) -> None:
    boggle = standin.channel("boggle")
    standin.world.set_bot_permissions(boggle.id, deny="send_messages")
    channel = demo_bot.text_channel(boggle.id)
    with pytest.raises(discord.Forbidden) as caught:
        await channel.send("hello")
    assert caught.value.code == 50013 and caught.value.text == "Missing Permissions"


async def test_per_permission_checks(standin: StandIn, demo_bot: DemoBot) -> None:
    import io

    boggle = standin.channel("boggle")
    channel = demo_bot.text_channel(boggle.id)
    said = await standin.user_says("boggle", "alice", "word")
    message = await channel.fetch_message(said.id)
    standin.world.set_bot_permissions(
        boggle.id, deny=["add_reactions", "attach_files", "embed_links"]
    )
    with pytest.raises(discord.Forbidden):
        await message.add_reaction("✅")
    with pytest.raises(discord.Forbidden):
        await channel.send(file=discord.File(io.BytesIO(b"x"), "x.txt"))
    with pytest.raises(discord.Forbidden):
        await channel.send(embed=discord.Embed(title="only an embed"))
    # With content, Discord drops the embed instead of refusing.
    sent = await channel.send("text", embed=discord.Embed(title="dropped"))
    assert sent.embeds == []
    # Someone else's existing reaction can still be added to.
    await standin.user_reacts(said, "bob", "👍")
    await message.add_reaction("👍")
    assert said.reactions["👍"] == [standin.user("bob").id, standin.world.bot.id]
    standin.world.set_bot_permissions(boggle.id, deny="read_message_history")
    with pytest.raises(discord.Forbidden):
        await channel.fetch_message(said.id)
    # Interaction responses are not bound by channel permissions.
    handle = await standin.slash("boggle", "alice", "boggle hint")
    assert (await handle.original_message()).content == "psst: QUIET"


async def test_deleted_channel(standin: StandIn, demo_bot: DemoBot) -> None:
    general = standin.channel("general")
    channel = demo_bot.text_channel(general.id)
    deleted = expect(demo_bot, "guild_channel_delete")
    await standin.delete_channel("general")
    assert (await deleted).id == general.id
    assert demo_bot.get_channel(general.id) is None
    with pytest.raises(discord.NotFound) as caught:
        await channel.send("anyone?")
    assert caught.value.code == 10003


async def test_unknown_route_is_404_and_recorded(standin: StandIn, demo_bot: DemoBot) -> None:
    with pytest.raises(discord.NotFound):
        await demo_bot.http.request(discord.http.Route("GET", "/no/such/route"))
    assert [c.path for c in standin.unknown_routes] == ["/no/such/route"]
    standin.unknown_routes.clear()  # the fixture asserts none happened


async def test_json_content_type_is_exact(standin: StandIn) -> None:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.api_base}/gateway/bot", headers={"Authorization": "Bot x"}) as resp,
    ):
        assert resp.headers["Content-Type"] == "application/json"
        body = await resp.json()
        assert body["url"] == standin.gateway_url and body["shards"] == 1


async def test_gateway_frames_never_carry_null_where_discord_omits(standin: StandIn) -> None:
    async with aiohttp.ClientSession() as session, session.ws_connect(standin.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == Op.HELLO
        await ws.send_json({"op": Op.IDENTIFY, "d": {"token": "t", "intents": 1 | 1 << 9}})
        ready = await ws.receive_json()
        guild = await ws.receive_json()
        assert ready["t"] == "READY" and guild["t"] == "GUILD_CREATE"
        for member in guild["d"]["members"]:
            assert "flags" in member
        await standin.user_says("boggle", "alice", "hi")
        created = await ws.receive_json()
        assert created["t"] == "MESSAGE_CREATE"
        for key in ("message_reference", "referenced_message", "interaction_metadata", "poll"):
            assert key not in created["d"]
        assert created["d"]["content"] == ""  # no message-content intent asked for
