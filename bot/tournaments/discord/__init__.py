"""Tournaments on Discord: ``/tournament`` and the sign-up's Join and Leave buttons (which answer
on any sign-up post, after any restart); what tournaments owe their channels and servers sent
by ``poster.DiscordTournaments`` (the outbox's sender of those posts)."""

from __future__ import annotations

from discord.ext import commands

from bot.tournaments.discord.buttons import SignButton
from bot.tournaments.discord.commands import Tournaments
from bot.tournaments.discord.poster import DiscordTournaments
from bot.tournaments.discord.uses import TOURNAMENTS, TournamentsUses


async def setup(bot: commands.AutoShardedBot, uses: TournamentsUses) -> None:
    TOURNAMENTS.fill(bot, uses)
    await bot.add_cog(Tournaments(uses))
    bot.add_dynamic_items(SignButton)
    uses.tournaments.posts_sent_by(DiscordTournaments(bot))
