"""The daily board on Discord: ``/daily``, ``/daily-guess``, its Guess and Share buttons; the
end-of-day post sent by ``posts.DiscordDailyPosts`` (the outbox's sender of those posts)."""

from __future__ import annotations

from discord.ext import commands

from bot.daily.discord.commands import AttemptButton, Daily
from bot.daily.discord.posts import DiscordDailyPosts
from bot.daily.discord.uses import DailyUses


async def setup(bot: commands.AutoShardedBot, uses: DailyUses) -> None:
    await bot.add_cog(Daily(uses))
    uses.poster.posts_sent_by(DiscordDailyPosts(bot, uses.pictures).send)  # the outbox's sender
    bot.add_dynamic_items(AttemptButton)
