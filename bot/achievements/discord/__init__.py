"""Achievements on Discord: the tiers a round or a season earned, in one line under its results
or its recap."""

from __future__ import annotations

from discord.ext import commands

from bot.achievements.discord.announcer import Announcer
from bot.achievements.events import AchievementsEarned
from bot.kernel.events import EventBus
from bot.rounds.events import ResultsPosted
from bot.seasons.events import RecapPosted


async def setup(bot: commands.AutoShardedBot, events: EventBus) -> None:
    announcer = Announcer(bot)
    events.subscribe(AchievementsEarned, announcer.earned)
    events.subscribe(ResultsPosted, lambda e: announcer.opened(("round", e.round_id)))
    events.subscribe(RecapPosted, lambda e: announcer.opened(("season", e.guild_id)))
