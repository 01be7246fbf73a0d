"""Server battles on Discord: ``/battle`` (opting in is ``/boggle-config battles``)."""

from __future__ import annotations

from discord.ext import commands

from bot.battles.discord.commands import Battles
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Battles(services))
