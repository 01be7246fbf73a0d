"""Guesses typed as ordinary chat messages in a channel with a running round."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from ..app import BoggleBot

MAX_MESSAGE_CHARS = 2000


class Guesses(commands.Cog):
    def __init__(self, bot: BoggleBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is None or not message.content:
            return
        rounds = self.bot.rounds
        if message.channel.id not in rounds.live:
            return
        if not self.bot.guess_limiter.allow((message.channel.id, message.author.id)):
            return
        rounds.guess(
            message.channel.id,
            message.author.id,
            message.author.display_name,
            message.content[:MAX_MESSAGE_CHARS],
            message,
        )


async def setup(bot: BoggleBot) -> None:
    await bot.add_cog(Guesses(bot))
