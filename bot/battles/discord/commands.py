"""``/battle [language]``: this week's server battle on the daily board, answered privately in
the reader's language (the table is the same for everyone)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.battles.discord.render import battle_text
from bot.battles.service import BattleService
from bot.discord.answers import reader_language, tell
from bot.discord.choices import language_option
from bot.i18n.catalogue import text


class Battles(commands.Cog):
    def __init__(self, battles: BattleService) -> None:
        self.battles = battles

    @app_commands.command(name="battle", description=text("battles.command_battle"))
    @language_option(text("battles.command_language"))
    @app_commands.guild_only()
    async def battle(self, interaction: discord.Interaction, language: str | None = None) -> None:
        reader = reader_language(interaction)
        if interaction.guild is None:
            await tell(interaction, text("settings.not_in_dm", reader))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        battles = self.battles
        week = await battles.week(interaction.guild.id, interaction.guild.name, language)
        await tell(interaction, battle_text(week))
