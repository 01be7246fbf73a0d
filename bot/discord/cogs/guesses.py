"""Guesses typed as ordinary chat messages in a channel with a running round."""

from __future__ import annotations

import discord
from discord.ext import commands

from ... import render
from ...service.publisher import ChatMessage
from ...wiring import Services


class Guesses(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        rounds = self.services.rounds
        if rounds.running(message.channel.id) is None:
            return
        if not self.services.guess_limiter.allow((message.channel.id, message.author.id)):
            return
        chat = ChatMessage(
            message.id, message.channel.id, message.author.id, message.author.display_name
        )
        rounds.guess(
            chat.channel_id,
            chat.author_id,
            chat.author_name,
            message.content[: render.CONTENT_LIMIT],
            chat,
        )
