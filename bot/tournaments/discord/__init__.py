"""Tournaments on Discord: ``/tournament`` and the sign-up's Join and Leave buttons (which answer
on any sign-up post, after any restart)."""

from __future__ import annotations

from discord.ext import commands

from bot.services import Services
from bot.tournaments.discord.buttons import SignButton
from bot.tournaments.discord.commands import Tournaments


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Tournaments(services))
    bot.add_dynamic_items(SignButton)
