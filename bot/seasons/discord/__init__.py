"""Seasons on Discord: each ended season's recap posted and its champion role moved."""

from __future__ import annotations

from discord.ext import commands

from bot.kernel.events import EventBus
from bot.seasons.discord.poster import SeasonPoster
from bot.seasons.events import SeasonEnded
from bot.seasons.service import SeasonService


async def setup(bot: commands.AutoShardedBot, seasons: SeasonService, events: EventBus) -> None:
    poster = SeasonPoster(bot, seasons, events)
    events.subscribe(SeasonEnded, poster.ended)
