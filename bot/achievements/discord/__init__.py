"""Achievements on Discord: the tiers a round or a season earned, in one line under its results
or its recap."""

from __future__ import annotations

from discord.ext import commands

from bot.achievements.discord.announcer import Announcer
from bot.achievements.events import AchievementsEarned
from bot.rounds.events import ResultsPosted
from bot.seasons.events import RecapPosted
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    announcer = Announcer(bot)
    services.events.subscribe(AchievementsEarned, announcer.earned)
    services.events.subscribe(ResultsPosted, lambda e: announcer.opened(("round", e.round_id)))
    services.events.subscribe(RecapPosted, lambda e: announcer.opened(("season", e.guild_id)))
