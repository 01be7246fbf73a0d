"""``/boggle-config`` on Discord (the battles and the seasons add their commands to it)."""

from __future__ import annotations

from discord.ext import commands

from bot.server_settings.discord.commands import Config
from bot.server_settings.discord.uses import ServerSettingsUses


async def setup(bot: commands.AutoShardedBot, uses: ServerSettingsUses) -> None:
    await bot.add_cog(Config(uses))
