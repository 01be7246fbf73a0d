"""Shards as Discord routes them: several sessions and processes at once, each getting only the
events of its guilds; invalid shards (4010), too many guilds on a shard (4011), /gateway/bot."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import discord
import pytest

from standin import StandIn, World
from standin.gateway import Op, Session
from standin.shards import shard_of
from standin.state import new_snowflake
from standin.testing import bot_intents, running_bot, running_standin
from tests.standin.demo_bot import DemoBot, ShardedDemoBot, expect

ROOT = Path(__file__).resolve().parents[2]


def events_of(session: Session) -> list[tuple[str, int | None]]:
    """(event, guild id) of everything the session was sent, READY and RESUMED left out."""
    seen = []
    for _, text in session.backlog:
        frame = json.loads(text)
        data = frame["d"]
        guild = data.get("id") if frame["t"] == "GUILD_CREATE" else data.get("guild_id")
        if frame["t"] not in ("READY", "RESUMED"):
            seen.append((frame["t"], int(guild) if guild else None))
    return seen


def session_of(standin: StandIn, shard: tuple[int, int]) -> Session:
    (session,) = standin.gateway.live(shard)
    return session


def test_a_guild_can_be_made_on_a_chosen_shard() -> None:
    world = World()
    for count in (1, 2, 3, 16):
        for shard_id in range(count):
            guild = world.add_guild(f"g{shard_id}of{count}", shard=(shard_id, count))
            assert shard_of(guild.id, count) == shard_id
            assert world.guilds_on((shard_id, count))[-1] is guild
    ids = list(world.guilds)
    assert ids == sorted(ids) and new_snowflake() > ids[-1]  # still in the order issued
    with pytest.raises(ValueError, match="shard"):
        world.add_guild("nowhere", shard=(2, 2))
    sharded = World.sharded(2)
    assert [shard_of(g.id, 2) for g in sharded.guilds.values()] == [0, 1]
    boggle = sharded.channel_in("Shard 1", "#boggle")
    assert boggle.guild_id == sharded.resolve_guild("Shard 1").id
    assert sharded.member(boggle.guild_id, sharded.resolve_user("alice").id) is not None


async def test_two_sharded_clients_get_only_their_own_guilds_events() -> None:
    world = World.sharded(2)
    world.add_play_guild("Also 1", shard=(1, 2))
    intents = bot_intents()
    intents.members = True  # so that member events are sent too
    async with (
        running_standin(world) as standin,
        running_bot(standin, ShardedDemoBot(shard_ids=[0], shard_count=2, intents=intents)) as zero,
        running_bot(standin, ShardedDemoBot(shard_ids=[1], shard_count=2, intents=intents)) as one,
    ):
        # With a shard_count, discord.py opens the default gateway without asking /gateway/bot.
        assert standin.calls_to("GET /gateway/bot") == []
        assert [g.name for g in zero.guilds] == ["Shard 0"]
        assert sorted(g.name for g in one.guilds) == ["Also 1", "Shard 1"]

        for guild in ("Shard 0", "Shard 1", "Also 1"):
            channel = standin.channel_in(guild, "boggle")
            said = await standin.user_says(channel, "alice", f"!echo in {guild}")
            assert (await standin.wait_for_message(channel)).content == f"in {guild}"
            await standin.user_reacts(said, "bob", "🎲")
            await standin.add_member("dave", guild_id=standin.world.resolve_guild(guild).id)
        dm = expect(zero, "message", lambda m: m.guild is None)
        await standin.user_dms("alice", "to shard 0")
        assert (await dm).content == "to shard 0"

        assert [m.guild.name for m in zero.received if m.guild] == ["Shard 0"]
        assert [m.guild and m.guild.name for m in one.received] == ["Shard 1", "Also 1"]
        for shard in ((0, 2), (1, 2)):
            events = events_of(session_of(standin, shard))
            kinds = {kind for kind, _ in events}
            assert {"GUILD_CREATE", "MESSAGE_CREATE", "MESSAGE_REACTION_ADD"} <= kinds
            assert "GUILD_MEMBER_ADD" in kinds
            assert {shard_of(g, 2) for _, g in events if g is not None} == {shard[0]}
        dms = [e for e in events_of(session_of(standin, (0, 2))) if e[1] is None]
        assert dms and all(kind == "MESSAGE_CREATE" for kind, _ in dms)
        assert [e for e in events_of(session_of(standin, (1, 2))) if e[1] is None] == []


async def test_an_interaction_goes_to_its_shard_and_any_process_may_follow_it_up() -> None:
    async with (
        running_standin(World.sharded(2)) as standin,
        running_bot(standin, ShardedDemoBot(shard_ids=[0], shard_count=2)) as zero,
        running_bot(standin, ShardedDemoBot(shard_ids=[1], shard_count=2)) as one,
    ):
        for guild, bot, other in (("Shard 0", zero, one), ("Shard 1", one, zero)):
            channel = standin.channel_in(guild, "boggle")
            handle = await standin.slash(channel, "alice", "boggle slow")
            assert (await handle.followup()).content == "followup"
            assert (await handle.original_message()).content == "done thinking"
            assert handle.session_id == session_of(standin, (shard_of(bot.guilds[0].id, 2), 2)).id
            assert [i.guild.name for i in bot.interactions if i.guild] == [guild]
            # The answer is REST, not the gateway: another process can send a followup too.
            later = discord.Webhook.partial(
                standin.world.application_id, handle.token, client=other
            )
            await later.send("from the other process")
            assert (await handle.followup(1)).content == "from the other process"
        assert len(zero.interactions) == len(one.interactions) == 1


async def test_a_second_session_on_the_same_shard_also_gets_its_events_but_one_interaction() -> (
    None
):
    """Discord allows two live sessions with the same [id, count]: both get the shard's events;
    an interaction goes to one of them only (the oldest), since only one answer counts."""
    async with (
        running_standin(World.sharded(2)) as standin,
        running_bot(standin, ShardedDemoBot(shard_ids=[0], shard_count=2)) as first,
        running_bot(standin, ShardedDemoBot(shard_ids=[1], shard_count=2)) as one,
        running_bot(standin, DemoBot(shard_id=0, shard_count=2)) as again,
    ):
        assert [g.name for g in again.guilds] == ["Shard 0"]
        assert len(standin.gateway.live((0, 2))) == 2
        zero_channel = standin.channel_in("Shard 0", "boggle")
        got = [expect(bot, "message") for bot in (first, again)]
        await standin.user_says(zero_channel, "carol", "hello shard 0")
        assert [(await g).content for g in got] == ["hello shard 0"] * 2
        handle = await standin.slash(zero_channel, "alice", "boggle hint")
        assert (await handle.response())["data"]["content"] == "psst: QUIET"
        assert handle.session_id == standin.gateway.live((0, 2))[0].id
        assert (len(first.interactions), len(again.interactions)) == (1, 0)
        assert one.received == [] and one.interactions == []


async def test_a_shard_outside_the_count_is_closed_with_4010() -> None:
    async with running_standin(World.sharded(2)) as standin:
        with pytest.raises(discord.ConnectionClosed) as closed:
            async with running_bot(standin, DemoBot(shard_id=2, shard_count=2)):
                pass
        assert closed.value.code == 4010
        for shard in ([0, 0], [-1, 2], [0], "0,1", [True, 2], [0, 1.5]):
            assert await _identify_raw(standin, shard) == 4010
        assert standin.gateway.closes == [4010] * 7
        assert standin.gateway.sessions == {}


async def test_too_many_guilds_on_a_shard_is_closed_with_4011() -> None:
    world = World.sharded(2)
    async with running_standin(world, guilds_per_shard=1) as standin:
        with pytest.raises(discord.ConnectionClosed) as closed:
            async with running_bot(standin, DemoBot()):  # one session for both guilds
                pass
        assert closed.value.code == 4011 and standin.gateway.closes == [4011]
        # Told to shard, a bot that asks /gateway/bot runs the recommended two shards.
        bot = ShardedDemoBot()
        async with running_bot(standin, bot):
            assert standin.calls_to("GET /gateway/bot")
            assert bot.shard_count == 2
            assert sorted(g.name for g in bot.guilds) == ["Shard 0", "Shard 1"]
            assert sorted(s.shard for s in standin.gateway.live()) == [(0, 2), (1, 2)]


async def test_gateway_bot_recommends_a_shard_per_limit_of_guilds() -> None:
    world = World()
    async with running_standin(world, guilds_per_shard=3) as standin:
        assert (await _gateway_bot(standin))["shards"] == 1  # no guild still needs a shard
        for count, shards in ((3, 1), (4, 2), (6, 2), (7, 3)):
            while len(world.guilds) < count:  # spread evenly over the 3 shards used below
                world.add_guild(f"g{len(world.guilds)}", shard=(len(world.guilds) % 3, 3))
            assert (await _gateway_bot(standin))["shards"] == shards
        body = await _gateway_bot(standin)
        assert body["url"] == standin.gateway_url
        assert body["session_start_limit"] == {
            "total": 1000,
            "remaining": 1000,
            "reset_after": 86_400_000,
            "max_concurrency": 1,
        }
        async with running_bot(standin, ShardedDemoBot()):
            assert len(standin.gateway.live()) == 3
            assert (await _gateway_bot(standin))["session_start_limit"]["remaining"] == 997


async def test_default_limit_is_discords_2500() -> None:
    with pytest.raises(ValueError, match="guilds_per_shard"):
        StandIn(guilds_per_shard=0)
    world = World()
    async with running_standin(world) as standin:
        for _ in range(2500):
            world.add_guild("many")
        assert (await _gateway_bot(standin))["shards"] == 1
        world.add_guild("one more")
        assert (await _gateway_bot(standin))["shards"] == 2


async def test_a_bot_process_and_a_client_in_the_test_are_served_at_once() -> None:
    async with (
        running_standin(World.sharded(2)) as standin,
        _bot_process(standin, 1, 2),
        running_bot(standin, ShardedDemoBot(shard_ids=[0], shard_count=2)) as zero,
    ):
        far = standin.channel_in("Shard 1", "boggle")
        near = standin.channel_in("Shard 0", "boggle")
        await standin.user_says(far, "alice", "!echo from the other process")
        assert (await standin.wait_for_message(far)).content == "from the other process"
        handle = await standin.slash(far, "bob", "boggle slow", {"private": True})
        assert (await handle.followup()).content == "followup" and handle.ephemeral
        assert (await handle.original_message()).content == "done thinking"
        await standin.user_says(near, "alice", "!echo from this one")
        assert (await standin.wait_for_message(near)).content == "from this one"
        assert [m.guild and m.guild.name for m in zero.received] == ["Shard 0"]
        assert zero.interactions == []


@asynccontextmanager
async def _bot_process(standin: StandIn, shard_id: int, count: int) -> AsyncIterator[None]:
    """tests/standin/demo_bot.py on one shard in a process of its own, ready; killed after."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.standin.demo_bot",
        standin.api_base,
        standin.gateway_url,
        str(shard_id),
        str(count),
        stdout=asyncio.subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert process.stdout is not None
        assert await asyncio.wait_for(process.stdout.readline(), 20) == b"ready\n"
        await standin.wait_for_connection(shard=(shard_id, count))
        assert [s.shard for s in standin.gateway.live()] == [(shard_id, count)]
        yield
    finally:
        process.kill()
        await process.wait()


async def _gateway_bot(standin: StandIn) -> dict[str, Any]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{standin.api_base}/gateway/bot", headers={"Authorization": "Bot x"}) as resp,
    ):
        assert resp.status == 200
        body: dict[str, Any] = await resp.json()
        return body


async def _identify_raw(standin: StandIn, shard: object) -> int | None:
    """IDENTIFY with any ``shard`` value, as a client other than discord.py could send."""
    async with aiohttp.ClientSession() as session, session.ws_connect(standin.gateway_url) as ws:
        assert (await ws.receive_json())["op"] == Op.HELLO
        await ws.send_json({"op": Op.IDENTIFY, "d": {"token": "t", "intents": 1, "shard": shard}})
        await ws.receive()
        return ws.close_code
