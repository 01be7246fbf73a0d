"""Seasons on Discord: each ended season's recap posted and its champion role moved."""

from __future__ import annotations

from discord.ext import commands

from bot.seasons.discord.poster import SeasonPoster
from bot.seasons.events import SeasonEnded
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    poster = SeasonPoster(bot, services.seasons, services.events)
    services.events.subscribe(SeasonEnded, poster.ended)
