"""Ephemeral answers: seen by their own user only (never in the channel, by others or by the
bot's channel reads), clicked by that user only, edited through the interaction's webhook,
until the token's 15 minutes are over on the stand-in's clock."""

from __future__ import annotations

import discord
import pytest

from standin import CommandError, StandIn, StoredMessage
from tests.standin.private_bot import PrivateBot


def webhook(standin: StandIn, bot: discord.Client, token: str) -> discord.Webhook:
    """The interaction's webhook, as ``interaction.followup`` is (an application webhook)."""
    hook = discord.Webhook.partial(standin.world.application_id, token, client=bot)
    hook.type = discord.WebhookType.application
    return hook


async def alices_board(standin: StandIn, bot: PrivateBot) -> tuple[StoredMessage, discord.Webhook]:
    """Alice's private board (``/private``) and its interaction's webhook."""
    handle = await standin.slash("boggle", "alice", "private")
    return await handle.original_message(), webhook(standin, bot, handle.token)


async def test_an_ephemeral_answer_is_seen_and_clicked_by_its_user_only(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    handle = await standin.slash("boggle", "alice", "private")
    board = await handle.original_message()
    assert board.ephemeral and board.content == "board for alice"
    assert standin.ephemerals("alice") == [board] and standin.ephemerals("bob") == []
    assert board in standin.seen_by("alice", "boggle")
    assert board not in standin.seen_by("bob", "boggle")
    assert standin.history("boggle") == []
    channel = private_bot.get_channel(board.channel_id)
    assert isinstance(channel, discord.TextChannel)
    assert [m async for m in channel.history()] == []
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(board.id)
    with pytest.raises(CommandError, match="shown only to its own user"):
        await standin.click(board, "bob", "share")
    share = await standin.click(board, "alice", "share")
    shared = await share.original_message()
    assert not shared.ephemeral and shared.content == "alice shared a result"
    assert shared in standin.seen_by("bob", "boggle")


async def test_the_webhook_reads_edits_and_deletes_ephemeral_messages(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    board, hook = await alices_board(standin, private_bot)
    note = await hook.send("words so far: none", ephemeral=True, wait=True)
    assert note.flags.ephemeral
    await hook.edit_message(board.id, content="1:59 left")
    fetched = await hook.fetch_message(board.id)
    assert fetched.content == "1:59 left" and fetched.flags.ephemeral
    latest = await standin.wait_for_ephemeral("alice", lambda m: m.id == board.id and bool(m.edits))
    assert latest.content == "1:59 left" and latest.ephemeral
    await hook.delete_message(note.id)
    assert [m.id for m in standin.ephemerals("alice")] == [board.id]
    assert standin.history("boggle") == []


async def test_a_token_lives_15_minutes_on_the_stand_in_clock(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    board, hook = await alices_board(standin, private_bot)
    standin.pass_time(14 * 60)
    await hook.edit_message(board.id, content="still mine")
    standin.pass_time(60)
    with pytest.raises(discord.HTTPException) as caught:
        await hook.edit_message(board.id, content="too late")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException) as caught:
        await hook.send("too late", ephemeral=True)
    assert caught.value.code == 50027
    assert board.content == "still mine"
    # A click now is a new interaction with a token of its own.
    share = await standin.click(board, "alice", "share")
    assert (await share.original_message()).content == "alice shared a result"


async def test_an_interaction_answered_after_its_token_expired_is_unknown(
    standin: StandIn, private_bot: PrivateBot
) -> None:
    standin.commands.upsert(None, {"name": "quiet", "description": "d"})
    handle = await standin.slash("boggle", "alice", "quiet")
    standin.pass_time(15 * 60)
    route = discord.http.Route(
        "POST",
        "/interactions/{interaction_id}/{token}/callback",
        interaction_id=handle.id,
        token=handle.token,
    )
    with pytest.raises(discord.NotFound) as caught:
        await private_bot.http.request(route, json={"type": 4, "data": {"content": "x"}})
    assert caught.value.code == 10062
