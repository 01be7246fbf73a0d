"""``/leaderboard``: the server's players by total points over all rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from .. import render
from ..catalogue import text
from ..storage import LeaderboardEntry

if TYPE_CHECKING:
    from ..app import BoggleBot


class Leaderboard(commands.Cog):
    def __init__(self, bot: BoggleBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description=text("commands.leaderboard"))
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        if interaction.guild is None:
            await interaction.response.send_message(text("leaderboard.not_in_dm"), ephemeral=True)
            return
        await interaction.response.defer()  # the database may be busy for a moment
        storage = self.bot.storage
        top = await storage.leaderboard(interaction.guild.id, limit=render.LEADERBOARD_SIZE)
        own = await storage.player_standing(interaction.guild.id, interaction.user.id)
        guild = interaction.guild

        def name(entry: LeaderboardEntry) -> str:
            if entry.display_name:
                return entry.display_name
            member = guild.get_member(entry.user_id)
            return member.display_name if member else render.fallback_name(entry.user_id)

        names = {e.user_id: name(e) for e in [*top, *([own] if own else [])]}
        embed = render.leaderboard_embed(top, own, names, guild.name)
        await interaction.followup.send(embed=embed)


async def setup(bot: BoggleBot) -> None:
    await bot.add_cog(Leaderboard(bot))
