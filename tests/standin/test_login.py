"""Logging in, READY/GUILD_CREATE, command sync, sharding and refused intents."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from standin import StandIn, World
from standin.testing import bot_intents, running_bot, running_standin
from tests.standin.demo_bot import DemoBot


async def test_bot_logs_in_and_sees_the_default_world(standin: StandIn, demo_bot: DemoBot) -> None:
    assert demo_bot.user is not None and demo_bot.user.name == "BoggleBot"
    (guild,) = demo_bot.guilds
    assert guild.name == "Sandbox"
    assert sorted(c.name for c in guild.text_channels) == ["boggle", "general"]
    assert guild.me is not None
    # Without the members intent, GUILD_CREATE lists only the bot (as on Discord); REST has all.
    assert [m.name for m in guild.members] == ["BoggleBot"]
    alice = await guild.fetch_member(standin.user("alice").id)
    assert (alice.name, alice.display_name) == ("alice", "Alice")
    identify = standin.gateway.identifies[-1]
    assert identify["intents"] & (1 << 15), "message-content intent was asked for"
    assert [c.route for c in standin.calls[:2]] == ["/users/@me", "/oauth2/applications/@me"]


async def test_commands_sync_globally_and_to_a_guild(standin: StandIn, demo_bot: DemoBot) -> None:
    guild_id = next(iter(standin.world.guilds))
    assert standin.commands.syncs == [None, guild_id]
    assert {c["name"] for c in standin.commands.global_commands} == {"boggle", "who"}
    assert [c["name"] for c in standin.commands.guild_commands[guild_id]] == ["local"]
    boggle = next(c for c in standin.commands.global_commands if c["name"] == "boggle")
    assert {o["name"] for o in boggle["options"]} == {"start", "hint", "slow"}
    fetched = await demo_bot.tree.fetch_commands()
    assert {c.name for c in fetched} == {"boggle", "who"}
    handle = await standin.slash("boggle", "alice", "local")
    assert (await handle.response())["data"]["content"] == "local to Sandbox"


async def test_autosharded_bot_gets_its_gateway_from_gateway_bot() -> None:
    world = World.default()
    second = world.add_guild("Second")
    world.add_channel(second.id, "lobby")
    async with running_standin(world) as standin:
        bot = commands.AutoShardedBot(
            command_prefix="!", intents=bot_intents(), guild_ready_timeout=0.05
        )
        async with running_bot(standin, bot):
            assert standin.calls_to("GET /gateway/bot")
            assert bot.shard_count == 1
            assert {g.name for g in bot.guilds} == {"Sandbox", "Second"}
            assert standin.gateway.identifies[-1]["shard"] == [0, 1]


async def test_refused_privileged_intent_fails_with_4014() -> None:
    async with running_standin(refuse_privileged_intents=True) as standin:
        with pytest.raises(discord.PrivilegedIntentsRequired):
            async with running_bot(standin, DemoBot()):
                pass
        assert standin.gateway.closes == [4014]


async def test_bot_without_message_content_connects_when_privileged_intents_refused() -> None:
    plain = DemoBot(intents=discord.Intents.default())
    async with (
        running_standin(refuse_privileged_intents=True) as standin,
        running_bot(standin, plain) as bot,
    ):
        assert bot.is_ready()


async def test_members_intent_gets_every_member() -> None:
    intents = bot_intents()
    intents.members = True
    async with running_standin() as standin, running_bot(standin, DemoBot(intents=intents)) as bot:
        names = {m.name: m.display_name for m in bot.guilds[0].members}
        assert {"alice": "Alice", "bob": "Bob", "carol": "Carol"}.items() <= names.items()
        assert bot.guilds[0].chunked


async def test_wrong_token_is_a_login_failure() -> None:
    async with running_standin(token="right") as standin:
        with pytest.raises(discord.LoginFailure):
            async with running_bot(standin, DemoBot(), token="wrong"):
                pass
