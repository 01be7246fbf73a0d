"""Without the message-content intent a message's content, embeds, attachments and components
arrive empty, as on Discord, except: the app's own messages, DMs to it, messages that @mention
it, and replies with the mention on to a regular message of its own. A reply with the mention
off, a reply to an interaction's answer or follow-up, or any other message arrives empty."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable

import discord
import pytest

from standin import StandIn, StoredMessage
from standin.testing import running_bot
from tests.standin.demo_bot import DemoBot, expect
from tests.standin.rest_client import call


@pytest.fixture
async def bot(standin: StandIn) -> AsyncIterator[DemoBot]:
    """The demo bot without the message-content intent (it never asks for it here)."""
    async with running_bot(standin, DemoBot(intents=discord.Intents.default())) as client:
        yield client


async def received(bot: DemoBot, say: Awaitable[StoredMessage]) -> discord.Message:
    """The message ``say`` (a person acting) as the bot receives it."""
    seen = expect(bot, "message", lambda m: not m.author.bot)
    await say
    message: discord.Message = await seen
    return message


async def bot_posts(standin: StandIn, content: str) -> StoredMessage:
    """A regular message of the bot's in #boggle (through REST, as the bot sends one)."""
    channel = standin.channel("boggle").id
    status, sent = await call(
        standin, "POST", f"/channels/{channel}/messages", {"content": content}
    )
    assert status == 200
    return standin.world.messages[int(sent["id"])]


async def test_a_plain_message_arrives_empty(standin: StandIn, bot: DemoBot) -> None:
    message = await received(bot, standin.user_says("boggle", "alice", "cat dog"))
    assert (message.content, message.mentions) == ("", [])


async def test_a_mention_and_a_dm_keep_their_content(standin: StandIn, bot: DemoBot) -> None:
    mention = f"{standin.mention(bot.user_id)} cat dog"
    message = await received(bot, standin.user_says("boggle", "alice", mention))
    assert message.content == mention and bot.user in message.mentions
    dm = await received(bot, standin.user_dms("alice", "cat dog"))
    assert dm.content == "cat dog"


async def test_a_reply_with_the_mention_on_to_the_bot_keeps_its_content(
    standin: StandIn, bot: DemoBot
) -> None:
    board = await bot_posts(standin, "the board")
    message = await received(bot, standin.user_replies(board, "alice", "cat dog"))
    assert message.content == "cat dog"
    assert message.type == discord.MessageType.reply
    assert message.reference is not None and message.reference.message_id == board.id
    assert isinstance(message.reference.resolved, discord.Message)
    assert message.reference.resolved.content == "the board"  # the bot's own: readable
    assert [u.id for u in message.mentions] == [bot.user_id]


async def test_a_reply_with_the_mention_off_arrives_empty(standin: StandIn, bot: DemoBot) -> None:
    board = await bot_posts(standin, "the board")
    reply = standin.user_replies(board, "alice", "cat dog", mention_author=False)
    message = await received(bot, reply)
    assert (message.content, message.mentions) == ("", [])
    assert message.type == discord.MessageType.reply
    assert message.reference is not None and message.reference.message_id == board.id


async def test_a_reply_to_an_interaction_answer_or_follow_up_arrives_empty(
    standin: StandIn, bot: DemoBot
) -> None:
    answered = await standin.slash("boggle", "bob", "boggle start")
    answer = await answered.original_message()
    deferred = await standin.slash("boggle", "bob", "boggle slow")
    follow_up = await deferred.followup(0)
    for target in (answer, follow_up):
        assert target.interaction_id is not None
        message = await received(bot, standin.user_replies(target, "alice", "cat dog"))
        assert message.content == "" and [u.id for u in message.mentions] == [bot.user_id]


async def test_a_reply_to_another_person_arrives_empty(standin: StandIn, bot: DemoBot) -> None:
    said = await received(bot, standin.user_says("boggle", "bob", "hello"))
    reply = standin.user_says("boggle", "alice", "hi", reply_to=said.id)
    message = await received(bot, reply)
    assert message.content == "" and [u.name for u in message.mentions] == ["bob"]


async def test_with_the_intent_every_reply_keeps_its_content(standin: StandIn) -> None:
    async with running_bot(standin, DemoBot()) as bot:
        board = await bot_posts(standin, "the board")
        reply = standin.user_replies(board, "alice", "cat dog", mention_author=False)
        message = await received(bot, reply)
        assert message.content == "cat dog" and message.mentions == []


async def test_a_reply_needs_a_message_the_person_can_reply_to(
    standin: StandIn, bot: DemoBot
) -> None:
    hint = await (await standin.slash("boggle", "alice", "boggle hint")).original_message()
    with pytest.raises(ValueError, match="ephemeral"):
        await standin.user_replies(hint, "alice", "thanks")
    board = await bot_posts(standin, "the board")
    with pytest.raises(ValueError, match="no message"):
        await standin.user_says("general", "alice", "hi", reply_to=board)
