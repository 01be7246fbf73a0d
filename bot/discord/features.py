"""Every feature's Discord side, each set up by one line: commands only, each translating
between Discord and its feature's service (no game rule here)."""

from __future__ import annotations

from discord.ext import commands

from bot.achievements import discord as achievements
from bot.battles import discord as battles
from bot.check import discord as check
from bot.daily import discord as daily
from bot.definitions import discord as definitions
from bot.rounds import discord as rounds
from bot.seasons import discord as seasons
from bot.server_settings import discord as server_settings
from bot.services import Services
from bot.standings import discord as standings
from bot.tournaments import discord as tournaments


async def add_cogs(bot: commands.AutoShardedBot, services: Services) -> None:
    await rounds.setup(bot, services)
    await check.setup(bot, services)  # joins the rounds' /boggle group
    await definitions.setup(bot, services)  # joins the rounds' /boggle group
    await standings.setup(bot, services)
    await server_settings.setup(bot, services)
    await daily.setup(bot, services)
    await tournaments.setup(bot, services)
    await battles.setup(bot, services)
    await seasons.setup(bot, services)
    await achievements.setup(bot, services)
