"""Server battles on Discord: ``/battle``, and ``/boggle-config battles`` to take part."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.battles.discord.commands import Battles
from bot.battles.discord.config import battles_command
from bot.battles.discord.uses import BATTLES, BattlesUses


async def setup(bot: commands.AutoShardedBot, uses: BattlesUses) -> None:
    """``/battle``; ``/boggle-config battles`` joins the server settings' group (set up
    before it)."""
    BATTLES.fill(bot, uses)
    await bot.add_cog(Battles(uses.battles))
    config = bot.tree.get_command("boggle-config")
    assert isinstance(config, app_commands.Group)
    config.add_command(battles_command())
