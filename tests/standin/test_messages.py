"""Chat messages both ways: replies, edits, files, reactions, DMs, deletes, intents."""

from __future__ import annotations

import discord

from standin import StandIn
from standin.testing import running_bot, running_standin
from tests.standin.demo_bot import DemoBot, expect


async def test_chat_message_is_received_and_replied_to(standin: StandIn, demo_bot: DemoBot) -> None:
    said = await standin.user_says("boggle", "alice", "!echo hello there")
    reply = await standin.wait_for_message("boggle", after=said.id)
    assert reply.content == "hello there"
    assert reply.reference_id == said.id
    received = demo_bot.received[-1]
    assert received.content == "!echo hello there"
    assert received.author.display_name == "Alice"
    assert isinstance(received.author, discord.Member)


async def test_bot_edits_its_message(standin: StandIn, demo_bot: DemoBot) -> None:
    await standin.user_says("boggle", "bob", "!edit")
    sent = await standin.wait_for_message("boggle")
    await standin.wait_until(lambda: sent.content == "second")
    assert sent.edits == ["first"] and sent.edited_timestamp is not None
    assert [e.kind for e in standin.transcript("boggle")][-2:] == ["message", "edit"]


async def test_file_upload_keeps_name_and_bytes(standin: StandIn, demo_bot: DemoBot) -> None:
    await standin.user_says("boggle", "bob", "!file")
    sent = await standin.wait_for_message("boggle", lambda m: bool(m.attachments))
    (attachment,) = sent.attachments
    assert (attachment.filename, attachment.data) == ("board.txt", b"A B\nC D\n")
    assert standin.transcript("boggle")[-1].attachments == [("board.txt", b"A B\nC D\n")]
    # The client can download it again from the URL the stand-in gave.
    fetched = await demo_bot.text_channel(sent.channel_id).fetch_message(sent.id)
    assert await fetched.attachments[0].read() == b"A B\nC D\n"


async def test_reactions_both_ways(standin: StandIn, demo_bot: DemoBot) -> None:
    said = await standin.user_says("boggle", "carol", "!react")
    await standin.wait_until(lambda: said.reactions.get("✅"))
    entry = standin.transcript("boggle")[-1]
    assert (entry.kind, entry.emoji, entry.reactor_name, entry.content) == (
        "reaction",
        "✅",
        "BoggleBot",
        "!react",
    )
    seen = expect(demo_bot, "raw_reaction_add", lambda e: e.user_id != demo_bot.user_id)
    await standin.user_reacts(said, "alice", "🎲")
    event = await seen
    assert str(event.emoji) == "🎲" and event.message_id == said.id
    assert event.type == discord.ReactionType.normal
    assert event.member is not None and event.member.name == "alice"


async def test_user_edit_and_delete_reach_the_bot(standin: StandIn, demo_bot: DemoBot) -> None:
    received = expect(demo_bot, "message")
    said = await standin.user_says("general", "alice", "helo")
    assert (await received).id == said.id  # cached by the client, so edits carry "before"
    edited = expect(demo_bot, "message_edit")
    await standin.user_edits(said, "hello")
    before, after = await edited
    assert (before.content, after.content) == ("helo", "hello")
    deleted = expect(demo_bot, "message_delete")
    await standin.user_deletes(said)
    assert (await deleted).id == said.id


async def test_bot_deletes_its_message(standin: StandIn, demo_bot: DemoBot) -> None:
    await standin.user_says("boggle", "alice", "!delete")
    gone = await standin.wait_for_transcript("boggle", lambda e: e.kind == "delete")
    assert gone.content == "gone soon"


async def test_direct_messages_both_ways(standin: StandIn, demo_bot: DemoBot) -> None:
    await standin.user_dms("bob", "hi bot")
    dm = standin.world.dm_channel(standin.user("bob").id)
    reply = await standin.wait_for_message(dm.id)
    assert reply.content == "you said hi bot" and reply.guild_id is None
    await standin.user_says("boggle", "alice", "!dm")
    alice_dm = standin.world.dm_channel(standin.user("alice").id)
    private = await standin.wait_for_message(alice_dm.id)
    assert private.content == "a private word"


async def test_without_message_content_intent_content_is_blank_unless_mentioned() -> None:
    intents = discord.Intents.default()
    async with running_standin() as standin, running_bot(standin, DemoBot(intents=intents)) as bot:
        first = expect(bot, "message")
        await standin.user_says("boggle", "alice", "secret guess")
        assert (await first).content == ""
        second = expect(bot, "message")
        await standin.user_says("boggle", "alice", f"{standin.mention(bot.user_id)} hello")
        message = await second
        assert message.content.endswith("hello") and bot.user in message.mentions
        third = expect(bot, "message")
        await standin.user_dms("alice", "dm text")
        assert (await third).content == "dm text"


async def test_messages_go_to_the_right_guild_and_channel() -> None:
    from standin import World

    world = World.default()
    other = world.add_guild("Other")
    lobby = world.add_channel(other.id, "lobby")
    world.add_member(other.id, "dave", "Dave")
    async with running_standin(world) as standin, running_bot(standin, DemoBot()) as bot:
        await standin.user_says(lobby.id, "dave", "!echo hi")
        reply = await standin.wait_for_message(lobby.id)
        assert reply.guild_id == other.id and reply.content == "hi"
        guild = bot.received[-1].guild
        assert guild is not None and guild.name == "Other"
        assert standin.transcript("boggle") == []


async def test_a_member_who_leaves_is_unknown_to_the_api(
    standin: StandIn, demo_bot: DemoBot
) -> None:
    guild = demo_bot.guilds[0]
    assert (await guild.fetch_member(standin.user("bob").id)).display_name == "Bob"
    await standin.remove_member("bob")  # GUILD_MEMBER_REMOVE needs the members intent
    try:
        await guild.fetch_member(standin.user("bob").id)
    except discord.NotFound as error:
        assert error.code == 10007  # Unknown Member
    else:
        raise AssertionError("a member who left was still found")
