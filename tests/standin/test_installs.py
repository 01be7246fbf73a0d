"""Where a command is offered: the DM with the bot, and a user install reaching a server
without the bot and a private channel; what the interaction carries there, and what the bot
may not do there (read or post through the channel routes)."""

from __future__ import annotations

import discord
import pytest

from standin import CommandError, StandIn
from standin.state import Perm
from tests.standin.private_bot import PrivateBot


async def seen(standin: StandIn, bot: PrivateBot, count: int) -> discord.Interaction:
    await standin.wait_until(lambda: len(bot.seen) >= count)
    return bot.seen[count - 1]


def test_synced_commands_keep_their_installs_and_contexts(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    private = standin.commands.find("private", None)
    serveronly = standin.commands.find("serveronly", None)
    assert private is not None and serveronly is not None
    assert (private["integration_types"], private["contexts"]) == ([0, 1], [0, 1, 2])
    assert (serveronly["integration_types"], serveronly["contexts"]) == ([0], [0])


async def test_a_command_in_the_dm_with_the_bot(standin: StandIn, private_bot: PrivateBot) -> None:
    alice = standin.user("alice")
    dm = await private_bot.create_dm(discord.Object(alice.id))  # POST /users/@me/channels
    assert dm.id == standin.dm_with("alice") and dm.type == discord.ChannelType.private
    handle = await standin.slash(dm.id, "alice", "private")
    board = await handle.original_message()
    assert board.ephemeral and board.channel_id == dm.id
    interaction = await seen(standin, private_bot, 1)
    assert interaction.guild_id is None and interaction.user.id == alice.id
    assert interaction.context.dm_channel and not interaction.context.guild
    assert interaction._integration_owners == {0: 0}
    standin.install_for("alice")
    await standin.slash(dm.id, "alice", "private")
    assert (await seen(standin, private_bot, 2))._integration_owners == {
        0: 0,
        1: alice.id,
    }
    with pytest.raises(CommandError, match="not offered in a bot dm"):
        await standin.slash(dm.id, "alice", "serveronly")
    await dm.send("hello")  # the bot may write in its own DM
    assert standin.messages(dm.id)[-1].content == "hello"


async def test_a_user_install_reaches_a_server_without_the_bot(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    elsewhere = standin.add_foreign_guild("Elsewhere")
    general = standin.channel_in(elsewhere.id, "general")
    with pytest.raises(CommandError, match="not installed"):
        await standin.slash(general, "alice", "private")
    standin.install_for("alice")
    board = await (await standin.slash(general, "alice", "private")).original_message()
    assert board.ephemeral and board.content == "board for alice"
    interaction = await seen(standin, private_bot, 1)
    alice = standin.user("alice").id
    assert interaction.guild_id == elsewhere.id and interaction.context.guild
    assert interaction._integration_owners == {1: alice}  # what the payload said
    assert interaction.is_user_integration() and not interaction.is_guild_integration()
    assert interaction.app_permissions.value == Perm.EVERYONE_DEFAULT | Perm.RESPONSES_ONLY
    assert private_bot.get_guild(elsewhere.id) is None  # no GUILD_CREATE for it
    with pytest.raises(CommandError, match="not installed"):
        await standin.slash(general, "bob", "private")  # bob did not install it
    with pytest.raises(CommandError, match="not installed"):
        await standin.slash(general, "alice", "serveronly")  # a server install only
    post = await standin.slash(general, "alice", "post")
    assert (await post.followup()).content == "refused 50001"
    heard = private_bot.wait_for("message", timeout=0.3)
    await standin.user_says(general, "bob", "the bot hears nothing here")
    assert standin.history(general)[-1].content == "the bot hears nothing here"
    with pytest.raises(TimeoutError):
        await heard
    assert private_bot.refusals == [50001]


async def test_a_user_install_in_a_private_channel(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    group = standin.add_private_channel("alice", "bob", "carol")
    with pytest.raises(CommandError, match="not installed"):
        await standin.slash(group, "alice", "private")
    standin.install_for("alice")
    handle = await standin.slash(group, "alice", "private")
    board = await handle.original_message()
    interaction = await seen(standin, private_bot, 1)
    assert interaction.context.private_channel and interaction.guild_id is None
    assert isinstance(interaction.channel, discord.GroupChannel)
    assert interaction.app_permissions.value == Perm.RESPONSES_ONLY
    with pytest.raises(CommandError, match="not offered in a private channel"):
        await standin.slash(group, "alice", "serveronly")
    shared = await (await standin.click(board, "alice", "share")).original_message()
    assert shared in standin.seen_by("bob", group) and board not in standin.seen_by("bob", group)
    post = await standin.slash(group, "alice", "post")
    assert (await post.followup()).content == "refused 50001"
    channel = discord.Object(group)
    with pytest.raises(discord.Forbidden):
        await private_bot.http.logs_from(channel.id, 10)
    pair = standin.add_private_channel("alice", "bob")
    await standin.slash(pair, "alice", "private")
    assert (await seen(standin, private_bot, 3)).context.private_channel


async def test_a_user_install_only_answer_has_five_follow_ups(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    standin.install_for("alice")
    group = standin.add_private_channel("alice", "bob")
    handle = await standin.slash(group, "alice", "private")
    await handle.original_message()
    hook = discord.Webhook.partial(standin.world.application_id, handle.token, client=private_bot)
    for n in range(5):
        await hook.send(f"follow-up {n}")
    with pytest.raises(discord.HTTPException) as caught:
        await hook.send("one more")
    assert caught.value.code == 40094
    server = await standin.slash("boggle", "alice", "private")  # the server's install too
    await server.original_message()
    hook = discord.Webhook.partial(standin.world.application_id, server.token, client=private_bot)
    for n in range(6):
        await hook.send(f"follow-up {n}")
