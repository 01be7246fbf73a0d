"""``/leaderboard`` and ``/stats`` on Discord."""

from __future__ import annotations

from discord.ext import commands

from bot.services import Services
from bot.standings.discord.leaderboard import Leaderboard, PageButton
from bot.standings.discord.stats import Stats


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Leaderboard(services))
    await bot.add_cog(Stats(services))
    bot.add_dynamic_items(PageButton)
