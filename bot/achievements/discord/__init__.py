"""Achievements on Discord: the tiers a round or a season earned, in one line under its results
or its recap (the outbox's lines, sent by the announcer)."""

from __future__ import annotations

from discord.ext import commands

from bot.achievements.discord.announcer import Announcer
from bot.achievements.service import AchievementService


async def setup(bot: commands.AutoShardedBot, achievements: AchievementService) -> None:
    achievements.lines_sent_by(Announcer(bot).send)
