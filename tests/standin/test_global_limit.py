"""Discord's global rate limit, once enabled: 50 requests a second per bot token, counted
across every connection of that token, with Discord's global 429; discord.py waits it out."""

from __future__ import annotations

import asyncio

import aiohttp
import discord

from standin import StandIn
from standin.rate_limits import GLOBAL_LIMIT
from standin.testing import FAKE_TOKEN, bot_intents, running_bot

SEND = "POST /channels/{channel_id}/messages"


async def test_two_connections_of_one_token_share_fifty_a_second(standin: StandIn) -> None:
    standin.rate_limits.enable()
    channel = standin.channel("boggle").id
    url = f"{standin.api_base}/channels/{channel}"
    token = {"Authorization": "Bot one"}
    async with (
        aiohttp.ClientSession(headers=token) as first,
        aiohttp.ClientSession(headers=token) as second,
        aiohttp.ClientSession(headers={"Authorization": "Bot other"}) as other,
    ):
        statuses = []
        for i in range(GLOBAL_LIMIT + 2):
            async with (first if i % 2 else second).get(url) as resp:
                statuses.append(resp.status)
                if resp.status == 429:
                    body = await resp.json()
                    headers = resp.headers
        async with other.get(url) as resp:
            assert resp.status == 200  # another token has a limit of its own
    assert statuses == [200] * GLOBAL_LIMIT + [429, 429]
    assert body["global"] is True and body["message"] == "You are being rate limited."
    assert 0 < body["retry_after"] <= 1.0
    assert headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global"
    assert headers["Retry-After"] == "1" and headers["Via"] == "1.1 google"
    assert "X-RateLimit-Bucket" not in headers
    assert standin.rate_limits.busiest_second("Bot one") == GLOBAL_LIMIT


async def test_two_discord_py_clients_on_one_token_wait_out_the_global_limit(
    standin: StandIn,
) -> None:
    guild = next(iter(standin.world.guilds))
    channels = [standin.world.add_channel(guild, f"room-{i}").id for i in range(60)]
    standin.rate_limits.enable()
    first, second = discord.Client(intents=bot_intents()), discord.Client(intents=bot_intents())
    async with running_bot(standin, first), running_bot(standin, second):
        assert first.http.token == second.http.token == FAKE_TOKEN

        async def send(client: discord.Client, channel_id: int) -> None:
            channel = client.get_channel(channel_id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send("hello")

        await asyncio.gather(
            *(send(first, c) for c in channels[:30]), *(send(second, c) for c in channels[30:])
        )
    refused = standin.rate_limits.refused_global
    assert refused and {route for _, route in refused} == {SEND}  # some went twice
    sent = [c for c in standin.calls_to(SEND) if c.status == 200]
    assert len(sent) == 60  # every message went, after discord.py waited
    assert standin.rate_limits.busiest_second(f"Bot {FAKE_TOKEN}") <= GLOBAL_LIMIT
