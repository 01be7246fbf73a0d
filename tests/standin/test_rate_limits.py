"""Discord's per-channel rate limits, once enabled: 429 past a bucket, and headers that let
discord.py wait instead."""

from __future__ import annotations

import time

import aiohttp

from standin import StandIn
from tests.standin.demo_bot import DemoBot

SEND = "POST /channels/{channel_id}/messages"
REACT = "PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"


async def test_sixth_message_in_five_seconds_is_refused_with_429(standin: StandIn) -> None:
    standin.rate_limits.enable()
    channel = standin.channel("boggle").id
    url = f"{standin.api_base}/channels/{channel}/messages"
    statuses, remaining = [], []
    async with aiohttp.ClientSession(headers={"Authorization": "Bot x"}) as session:
        for i in range(6):
            async with session.post(url, json={"content": f"m{i}"}) as resp:
                statuses.append(resp.status)
                remaining.append(resp.headers["X-RateLimit-Remaining"])
                if resp.status == 429:
                    body = await resp.json()
                    assert 4.0 < body["retry_after"] <= 5.0
                    assert body["global"] is False
                    assert resp.headers["X-RateLimit-Scope"] == "user"
    assert statuses == [200, 200, 200, 200, 200, 429]
    assert remaining == ["4", "3", "2", "1", "0", "0"]
    assert [m.content for m in standin.messages("boggle")] == [f"m{i}" for i in range(5)]
    assert standin.rate_limits.refused == [(SEND, str(channel))]


async def test_discord_py_waits_for_the_reaction_bucket_and_never_gets_a_429(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    standin.rate_limits.enable()
    channel = demo_bot.text_channel(standin.channel("boggle").id)
    sent = await channel.send("react to me")
    started = time.monotonic()
    for emoji in ["✅", "🔁", "👍", "🎉", "🔥"]:
        await sent.add_reaction(emoji)
    assert time.monotonic() - started >= 4 * 0.25 - 0.05  # one a 0.25 s
    assert [c.status for c in standin.calls_to(REACT)] == [204] * 5
    assert standin.rate_limits.refused == []


async def test_limits_are_off_unless_enabled(standin: StandIn, demo_bot: DemoBot) -> None:
    channel = demo_bot.text_channel(standin.channel("boggle").id)
    for i in range(7):
        await channel.send(f"m{i}")
    assert [c.status for c in standin.calls_to(SEND)] == [200] * 7
