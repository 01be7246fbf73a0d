"""Guesses typed as ordinary chat messages in a channel with a running round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from .. import render
from ..publisher import ChatMessage

if TYPE_CHECKING:
    from ..app import BoggleBot


class Guesses(commands.Cog):
    def __init__(self, bot: BoggleBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        rounds = self.bot.rounds
        if rounds.running(message.channel.id) is None:
            return
        if not self.bot.guess_limiter.allow((message.channel.id, message.author.id)):
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


async def setup(bot: BoggleBot) -> None:
    await bot.add_cog(Guesses(bot))
