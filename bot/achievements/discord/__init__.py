"""Achievements on Discord: the tiers a round or a season earned, in one line under its results
or its recap (the outbox's lines, sent by the announcer)."""

from __future__ import annotations

from discord.ext import commands

from bot.achievements.discord.announcer import Announcer
from bot.achievements.service import AchievementService
from bot.kernel.events import EventBus
from bot.rounds.events import ResultsPosted


async def setup(
    bot: commands.AutoShardedBot, achievements: AchievementService, events: EventBus
) -> None:
    announcer = Announcer(bot, achievements.results_out)
    achievements.lines_sent_by(announcer.send)
    events.subscribe(ResultsPosted, lambda e: announcer.opened(("round", e.round_id)))
