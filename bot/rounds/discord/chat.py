"""Guesses as messages in a channel with a running round: every message with the
message-content intent; without it, what Discord still delivers (a reply to the round's board
or to a later message of the bot's, and a message that mentions the bot)."""

from __future__ import annotations

import re

import discord
from discord.ext import commands

from bot.app import Services
from bot.discord import render
from bot.rounds.live import LiveRound
from bot.rounds.publisher import ChatMessage

# Mentions of people, roles and channels are never words (the bot's own, when a player mentions
# it to guess without the intent, least of all).
MENTION = re.compile(r"<(?:@[!&]?|#)\d+>")


class Guesses(commands.Cog):
    def __init__(self, services: Services, reads_messages: bool) -> None:
        """``reads_messages``: whether the bot has the message-content intent."""
        self.services = services
        self.reads_messages = reads_messages

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        rounds = self.services.rounds
        live = rounds.running(message.channel.id)
        if live is None or not (self.reads_messages or _for_the_round(message, live)):
            return
        if not self.services.guess_limiter.allow((message.channel.id, message.author.id)):
            return
        chat = ChatMessage(
            message.id, message.channel.id, message.author.id, message.author.display_name
        )
        words = MENTION.sub(" ", message.content[: render.CONTENT_LIMIT])
        rounds.guess(chat.channel_id, chat.author_id, chat.author_name, words, chat)


def _for_the_round(message: discord.Message, live: LiveRound) -> bool:
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
    board = live.stored.board_message_id
    return board is None or reference.message_id >= board
