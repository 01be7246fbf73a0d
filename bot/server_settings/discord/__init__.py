"""``/boggle-config`` on Discord."""

from __future__ import annotations

from discord.ext import commands

from bot.server_settings.discord.commands import Config
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Config(services))
