"""Server battles on Discord: ``/battle`` (opting in is ``/boggle-config battles``)."""

from __future__ import annotations

from discord.ext import commands

from bot.battles.discord.commands import Battles
from bot.battles.service import BattleService


async def setup(bot: commands.AutoShardedBot, battles: BattleService) -> None:
    await bot.add_cog(Battles(battles))
