"""``/leaderboard [period] [measure]``: the server's players ranked over time, ten a page.

The message is public; its ◀ ▶ buttons carry the page they lead to and whose rank the message
shows, so they work after a restart (dynamic items). The caller turns their own message's page;
anyone else who clicks gets that page privately, with their own rank.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language
from bot.discord.member_names import current_names
from bot.discord.render import LEADERBOARD_SIZE
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.kernel.model import Measure
from bot.services import Services
from bot.standings.discord.leaderboard_render import (
    MEASURE_NAMES,
    PERIOD_NAMES,
    LeaderboardView,
    leaderboard_embed,
)
from core.periods import Period

NO_PINGS = discord.AllowedMentions.none()


class Leaderboard(commands.Cog):
    def __init__(self, services: Services) -> None:
        self.services = services

    @app_commands.command(name="leaderboard", description=text("commands.leaderboard"))
    @app_commands.describe(
        period=text("commands.leaderboard_period"), measure=text("commands.leaderboard_measure")
    )
    @app_commands.choices(
        period=[choice(k, p.value) for p, k in PERIOD_NAMES.items()],
        measure=[choice(k, m.value) for m, k in MEASURE_NAMES.items()],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: str = Period.ALL_TIME.value,
        measure: str = Measure.POINTS.value,
    ) -> None:
        if interaction.guild is None:
            reply = text("leaderboard.not_in_dm", reader_language(interaction))
            await interaction.response.send_message(reply, ephemeral=True)
            return
        await interaction.response.defer()  # the database and the names may take a moment
        view = LeaderboardView(Period(period), Measure(measure), 0, interaction.user.id)
        embed, buttons = await self.render(interaction, interaction.guild, view)
        await interaction.followup.send(embed=embed, view=buttons, allowed_mentions=NO_PINGS)

    async def turn_page(self, interaction: discord.Interaction, view: LeaderboardView) -> None:
        """A page button: the owner's message turns; anyone else gets the page to themselves."""
        guild = interaction.guild
        if guild is None:
            return
        if interaction.user.id == view.owner:
            await interaction.response.defer()
            embed, buttons = await self.render(interaction, guild, view)
            await interaction.edit_original_response(embed=embed, view=buttons)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        mine = LeaderboardView(view.period, view.measure, view.page, interaction.user.id)
        embed, buttons = await self.render(interaction, guild, mine)
        await interaction.followup.send(
            embed=embed, view=buttons, ephemeral=True, allowed_mentions=NO_PINGS
        )

    async def render(
        self, interaction: discord.Interaction, guild: discord.Guild, view: LeaderboardView
    ) -> tuple[discord.Embed, discord.ui.View]:
        shown = await self.services.standings.leaderboard(
            guild.id, view.period, view.measure, view.page, view.owner, LEADERBOARD_SIZE
        )
        view = LeaderboardView(view.period, view.measure, shown.page, view.owner)
        board = shown.board
        ranked = [*board.rows, *([board.own] if board.own else [])]
        kept = {r.user_id: r.display_name for r in ranked}
        names = await current_names(guild, kept, [interaction.user])
        embed = leaderboard_embed(board, view, names, guild.name, shown.language)
        return embed, page_buttons(view, board.total, shown.language)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"leaderboard:(?P<period>[a-z]+):(?P<measure>[a-z_]+):(?P<page>\d+):(?P<owner>\d+)",
):
    """A button that shows page ``view.page`` of the leaderboard ``view`` names."""

    def __init__(self, view: LeaderboardView, label: str = "", disabled: bool = False) -> None:
        custom_id = f"leaderboard:{view.period}:{view.measure}:{view.page}:{view.owner}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        super().__init__(button)
        self.target = view

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> PageButton:
        view = LeaderboardView(
            Period(match["period"]),
            Measure(match["measure"]),
            int(match["page"]),
            int(match["owner"]),
        )
        return cls(view)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = interaction.client.get_cog(Leaderboard.__cog_name__)
        if isinstance(cog, Leaderboard):
            await cog.turn_page(interaction, self.target)


def page_buttons(view: LeaderboardView, total: int, language: str) -> discord.ui.View:
    """◀ and ▶ for the pages either side (disabled at the ends), in the server's ``language``."""
    last = view.pages(total) - 1
    buttons = discord.ui.View(timeout=None)
    before = LeaderboardView(view.period, view.measure, max(0, view.page - 1), view.owner)
    after = LeaderboardView(view.period, view.measure, view.page + 1, view.owner)
    buttons.add_item(PageButton(before, text("leaderboard.previous", language), view.page <= 0))
    buttons.add_item(PageButton(after, text("leaderboard.next", language), view.page >= last))
    return buttons
