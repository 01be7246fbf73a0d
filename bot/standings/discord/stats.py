"""``/stats [player] [share]``: a player's figures on this server, seen only by the caller unless
they share them in the channel. Their daily boards and world rounds are their own, not the
server's: every server's ``/stats`` shows them."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language
from bot.discord.member_names import current_names
from bot.i18n.catalogue import text
from bot.standings.discord.stats_render import achievements_fields, stats_embed
from bot.standings.discord.uses import StandingsUses


class Stats(commands.Cog):
    def __init__(self, services: StandingsUses) -> None:
        self.services = services

    @app_commands.command(name="stats", description=text("commands.stats"))
    @app_commands.describe(player=text("commands.stats_player"), share=text("commands.stats_share"))
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        share: bool = False,
    ) -> None:
        guild = interaction.guild
        if guild is None:
            reply = text("stats.not_in_dm", reader_language(interaction))
            await interaction.response.send_message(reply, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=not share)
        target = player or interaction.user
        figures = await self.services.standings.player(guild.id, target.id)
        names = await current_names(
            guild, {target.id: figures.kept_name}, [target, interaction.user]
        )
        sharer = getattr(interaction.user, "display_name", None) if share else None
        daily = (figures.daily, figures.streak)
        embed = stats_embed(
            figures.stats,
            names[target.id],
            guild.name,
            sharer,
            figures.language,
            daily,
            figures.world,
        )
        record = await self.services.tournaments.record(guild.id, target.id)
        if record.played:
            line = text(
                "tournaments.stats",
                figures.language,
                played=record.played,
                won=record.won,
                podiums=record.podiums,
            )
            embed.add_field(name="🏆", value=line, inline=False)
        held = await self.services.achievements.held(guild.id, target.id)
        for name, value in achievements_fields(held, figures.language):
            embed.add_field(name=name, value=value, inline=False)
        await interaction.followup.send(
            embed=embed, ephemeral=not share, allowed_mentions=discord.AllowedMentions.none()
        )
