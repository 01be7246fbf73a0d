"""Guesses as messages in a channel with a running round: every message with the
message-content intent; without it, what Discord still delivers (a reply to the round's board
or to a later message of the bot's, and a message that mentions the bot)."""

from __future__ import annotations

import contextlib
import re

import discord
from discord.ext import commands

from bot.discord import render
from bot.rounds.events import ChatMessage, GuessSource
from bot.rounds.service import NotEntered, RoundService

# Mentions of people, roles and channels are never words (the bot's own, when a player mentions
# it to guess without the intent, least of all).
MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")


class Guesses(commands.Cog):
    def __init__(self, rounds: RoundService, reads_messages: bool) -> None:
        """``reads_messages``: whether the bot has the message-content intent."""
        self.rounds = rounds
        self.reads_messages = reads_messages

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        rounds = self.rounds
        channel = message.channel.id
        if not (self.reads_messages or _for_the_round(message, rounds, channel)):
            return
        author = message.author
        chat = ChatMessage(message.id, channel, author.id, author.display_name)
        words = MENTION.sub(" ", message.content[: render.CONTENT_LIMIT])
        # A refusal (no round, too fast, just ended) goes unanswered in chat: silence is the
        # answer to spam, and the board's status says when a round is over. A player who is not
        # entered in a tournament round is told once, privately (a direct message).
        submitted = rounds.submit(
            channel, chat.author_id, chat.author_name, words, source=GuessSource.CHAT, message=chat
        )
        if isinstance(submitted, NotEntered) and submitted.first:
            with contextlib.suppress(discord.HTTPException):
                await author.send(submitted.text(submitted.language or "en"))


def _for_the_round(message: discord.Message, rounds: RoundService, channel: int) -> bool:
    """Whether a message is meant as guesses when the bot lacks the intent (Discord sends the
    content of mentions and of replies to the bot only): a mention is read, and a reply when it
    answers the round's board or a message of the bot's posted since (a warning), not an older
    round's results."""
    me = message.guild.me if message.guild is not None else None
    if me is not None and (f"<@{me.id}>" in message.content or f"<@!{me.id}>" in message.content):
        return True
    reference = message.reference
    if reference is None or reference.message_id is None:
        return False
    return rounds.answers_round(channel, reference.message_id)
