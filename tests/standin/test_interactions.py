"""Slash commands (options from the synced definitions), ephemeral, defer/followup, buttons."""

from __future__ import annotations

import discord
import discord.http
import pytest

from standin import CommandError, StandIn
from standin.state import Perm
from tests.standin.demo_bot import DemoBot, raw_commands


async def test_slash_subcommand_with_options_is_answered(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    handle = await standin.slash("boggle", "alice", "boggle start", {"size": "5", "hard": "yes"})
    response = await handle.response()
    assert response["type"] == 4
    msg = await handle.original_message()
    assert msg.content == "round 5 3m hard=True"
    assert not handle.ephemeral
    assert msg.embeds[0]["title"] == "Boggle 5x5"
    assert msg.embeds[0]["fields"] == [{"name": "time", "value": "3m", "inline": True}]
    assert msg.interaction_user_id == standin.user("alice").id
    assert [b["custom_id"] for row in msg.components for b in row["components"]] == ["shake"]
    entry = standin.transcript("boggle")[-1]
    assert (entry.kind, entry.by_bot, entry.ephemeral) == ("message", True, False)


def test_options_tree_follows_synced_definitions(standin: StandIn) -> None:
    standin.commands.overwrite(None, raw_commands())
    assert standin.split_command("boggle", ["boggle", "start", "size:5"]) == (
        "boggle start",
        ["size:5"],
    )
    with pytest.raises(CommandError, match="needs a subcommand"):
        standin.split_command("boggle", ["boggle"])
    with pytest.raises(CommandError, match="unknown command"):
        standin.split_command("boggle", ["nope"])


async def test_discord_refusals_for_bad_command_lines(standin: StandIn, demo_bot: DemoBot) -> None:
    with pytest.raises(CommandError, match="unknown option"):
        await standin.slash("boggle", "alice", "boggle start", {"colour": "red"})
    with pytest.raises(CommandError, match="not a valid integer"):
        await standin.slash("boggle", "alice", "boggle start", {"size": "big"})
    with pytest.raises(CommandError, match="out of range"):
        await standin.slash("boggle", "alice", "boggle start", {"size": 9})
    with pytest.raises(CommandError, match="missing required"):
        await standin.slash("boggle", "alice", "who")
    assert standin.calls_to("POST /interactions/{webhook_id}/{webhook_token}/callback") == []


async def test_user_option_is_resolved(standin: StandIn, demo_bot: DemoBot) -> None:
    handle = await standin.slash("boggle", "alice", "who", {"player": "bob"})
    assert (await handle.original_message()).content == "player Bob"


async def test_ephemeral_reply_is_flagged_and_attributed(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    handle = await standin.slash("boggle", "carol", "boggle hint")
    msg = await handle.original_message()
    assert handle.ephemeral and msg.content == "psst: QUIET"
    entry = standin.transcript("boggle")[-1]
    assert entry.ephemeral and entry.visible_to == standin.user("carol").id
    # Others cannot see it: not in the channel's history.
    history = [m async for m in demo_bot.text_channel(msg.channel_id).history()]
    assert msg.id not in [m.id for m in history]


@pytest.mark.parametrize("private", [False, True])
async def test_defer_then_followup_then_edit_original(
    standin: StandIn, demo_bot: DemoBot, private: bool
) -> None:
    handle = await standin.slash("boggle", "alice", "boggle slow", {"private": private})
    assert (await handle.response())["type"] == 5
    followup = await handle.followup(0)
    assert followup.content == "followup" and followup.ephemeral is private
    original = await handle.original_message()
    await standin.wait_until(lambda: original.content == "done thinking")
    assert original.ephemeral is private
    kinds = [(e.kind, e.loading) for e in standin.transcript("boggle")]
    assert kinds == [("message", True), ("message", False), ("edit", False)]


async def test_button_click_updates_the_message(standin: StandIn, demo_bot: DemoBot) -> None:
    start = await standin.slash("boggle", "alice", "boggle start")
    board = await start.original_message()
    click = await standin.click(board, "bob", "shake")
    assert (await click.response())["type"] == 7
    await standin.wait_until(lambda: board.content == "shaken by bob")
    assert board.edits == ["round 4 3m hard=False"]
    with pytest.raises(CommandError):
        await standin.click(board, "bob", "no-such-button")


async def test_answering_twice_is_refused(standin: StandIn, demo_bot: DemoBot) -> None:
    handle = await standin.slash("boggle", "alice", "boggle hint")
    await handle.response()
    interaction_id, token = handle.id, handle.token

    route = discord.http.Route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        interaction_id=interaction_id,
        token=token,
    )
    with pytest.raises(discord.HTTPException) as caught:
        await demo_bot.http.request(route, json={"type": 4, "data": {"content": "again"}})
    assert caught.value.code == 40060


async def test_expired_interaction_token(standin: StandIn, demo_bot: DemoBot) -> None:
    handle = await standin.slash("boggle", "alice", "boggle hint")
    await handle.response()
    standin.expire_interaction(handle)
    webhook = discord.Webhook.partial(standin.world.application_id, handle.token, client=demo_bot)
    with pytest.raises(discord.HTTPException) as caught:
        await webhook.send("too late")
    assert caught.value.status == 401 and caught.value.code == 50027


async def test_a_command_is_used_only_by_members_its_permissions_allow(standin: StandIn) -> None:
    """Discord's client offers a command with default_member_permissions only to members who
    have them, unless the server's own command permissions say otherwise."""
    config = {"name": "config", "description": "d", "default_member_permissions": "32"}
    admins_only = {"name": "nuke", "description": "d", "default_member_permissions": "0"}
    standin.commands.overwrite(None, [config, admins_only])
    world = standin.world
    guild = standin.channel("boggle").guild_id
    assert guild is not None
    with pytest.raises(CommandError, match="not available to alice"):
        await standin.slash("boggle", "alice", "config")
    managers = world.add_role(guild, "managers", Perm.MANAGE_GUILD)
    world.give_role(guild, standin.user("alice").id, managers.id)
    assert (await standin.slash("boggle", "alice", "config")).name == "config"
    owner = world.guilds[guild].owner_id
    assert (await standin.slash("boggle", owner, "nuke")).name == "nuke"
    with pytest.raises(CommandError, match="not available to alice"):
        await standin.slash("boggle", "alice", "nuke")
    # The server's Integrations page: everyone may use /config, except bob himself.
    world.set_command_permission(guild, "config", guild, True)
    world.set_command_permission(guild, "config", standin.user("bob").id, False)
    assert (await standin.slash("boggle", "carol", "config")).name == "config"
    with pytest.raises(CommandError, match="not available to bob"):
        await standin.slash("boggle", "bob", "config")
