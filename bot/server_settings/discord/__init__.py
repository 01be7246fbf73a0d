"""``/boggle-config`` on Discord (its ``season`` command from the seasons' settings)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.server_settings.discord.commands import Config
from bot.server_settings.discord.seasons import season_command
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Config(services))
    config = bot.tree.get_command("boggle-config")
    assert isinstance(config, app_commands.Group)
    config.add_command(season_command())
