"""``/boggle-config`` on Discord (its ``season`` command from the seasons' settings)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.server_settings.discord.commands import Config
from bot.server_settings.discord.seasons import season_command
from bot.server_settings.discord.uses import SERVER_SETTINGS, ServerSettingsUses


async def setup(bot: commands.AutoShardedBot, uses: ServerSettingsUses) -> None:
    SERVER_SETTINGS.fill(bot, uses)
    await bot.add_cog(Config(uses))
    config = bot.tree.get_command("boggle-config")
    assert isinstance(config, app_commands.Group)
    config.add_command(season_command())
