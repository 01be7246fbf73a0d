"""``/leaderboard`` and ``/stats`` on Discord."""

from __future__ import annotations

from discord.ext import commands

from bot.standings.discord.leaderboard import Leaderboard, PageButton
from bot.standings.discord.stats import Stats
from bot.standings.discord.uses import StandingsUses


async def setup(bot: commands.AutoShardedBot, uses: StandingsUses) -> None:
    await bot.add_cog(Leaderboard(uses))
    await bot.add_cog(Stats(uses))
    bot.add_dynamic_items(PageButton)
