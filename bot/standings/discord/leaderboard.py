"""``/leaderboard [period] [measure] [season]``: the server's players ranked over time, ten a
page. Without options it shows the current season (all time when the server has seasons off); a
season by number or name shows that season's places; a period or a measure the old boards.

The message is public; its ◀ ▶ buttons carry the page they lead to and whose rank the message
shows, so they work after a restart (dynamic items). The caller turns their own message's page;
anyone else who clicks gets that page privately, with their own rank.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language, refuse, tell
from bot.discord.member_names import current_names
from bot.discord.render import LEADERBOARD_SIZE
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from bot.seasons.service import SeasonStandings
from bot.standings.discord.leaderboard_render import (
    MEASURE_NAMES,
    PERIOD_NAMES,
    LeaderboardView,
    leaderboard_embed,
)
from bot.standings.discord.season_render import season_embed, season_page
from bot.standings.discord.uses import StandingsUses
from bot.standings.discord.world_render import world_embed
from bot.standings.model import Measure
from core.periods import Period

NO_PINGS = discord.AllowedMentions.none()


class Leaderboard(commands.Cog):
    def __init__(self, services: StandingsUses) -> None:
        self.services = services

    @app_commands.command(name="leaderboard", description=text("commands.leaderboard"))
    @app_commands.describe(
        period=text("commands.leaderboard_period"),
        measure=text("commands.leaderboard_measure"),
        season=text("season_board.command_season"),
        scope=text("world_round.command_scope"),
    )
    @app_commands.choices(
        period=[choice(k, p.value) for p, k in PERIOD_NAMES.items()],
        measure=[choice(k, m.value) for m, k in MEASURE_NAMES.items()],
        scope=[
            choice("world_round.scope_server", "server"),
            choice("world_round.scope_world", "world"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        period: str | None = None,
        measure: str | None = None,
        season: str | None = None,
        scope: str | None = None,
    ) -> None:
        if scope == "world":
            await self.world(interaction, Period(period or Period.TODAY.value))
            return
        if interaction.guild is None:
            reply = text("leaderboard.not_in_dm", reader_language(interaction))
            await interaction.response.send_message(reply, ephemeral=True)
            return
        guild, owner = interaction.guild, interaction.user.id
        by_points = measure in (None, Measure.POINTS.value)
        asked: SeasonStandings | Refusal | None = None
        if season is not None and season.strip():
            if period is not None or not by_points:
                language = await self.services.server_settings.language(guild.id)
                await tell(interaction, text("season_board.alone", language))
                return
            asked = await self.services.seasons.standings(guild.id, season)
            if isinstance(asked, Refusal):
                await refuse(interaction, asked)
                return
        await interaction.response.defer()  # the database and the names may take a moment
        if asked is None and period is None and by_points:
            asked = await self.services.seasons.standings(guild.id)  # seasons off: all time
        if isinstance(asked, SeasonStandings):
            view = LeaderboardView(Period.ALL_TIME, Measure.POINTS, 0, owner, asked.number)
            embed, buttons = await self.render_season(interaction, guild, asked, view)
        else:
            chosen = Period(period or Period.ALL_TIME.value)
            view = LeaderboardView(chosen, Measure(measure or Measure.POINTS.value), 0, owner)
            embed, buttons = await self.render(interaction, guild, view)
        await interaction.followup.send(embed=embed, view=buttons, allowed_mentions=NO_PINGS)

    async def world(self, interaction: discord.Interaction, period: Period) -> None:
        """The world rounds' best over ``period`` in the language of this server's world channel
        (else the server's; in a DM the reader's), and the caller's place."""
        await interaction.response.defer()
        guild, settings = interaction.guild_id, self.services.server_settings
        reader = await settings.language(guild) if guild else reader_language(interaction)
        channel = await self.services.world.world_channel(guild) if guild else None
        language = channel.language if channel else reader
        board = await self.services.world.leaderboard(language, period, interaction.user.id)
        embed = world_embed(board, period, reader)
        await interaction.followup.send(embed=embed, allowed_mentions=NO_PINGS)

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
        mine = replace(view, owner=interaction.user.id)
        embed, buttons = await self.render(interaction, guild, mine)
        await interaction.followup.send(
            embed=embed, view=buttons, ephemeral=True, allowed_mentions=NO_PINGS
        )

    async def render(
        self, interaction: discord.Interaction, guild: discord.Guild, view: LeaderboardView
    ) -> tuple[discord.Embed, discord.ui.View]:
        if view.season is not None:
            standings = await self.services.seasons.standings(guild.id, str(view.season))
            if isinstance(standings, SeasonStandings):
                return await self.render_season(interaction, guild, standings, view)
            view = LeaderboardView(Period.ALL_TIME, Measure.POINTS, 0, view.owner)
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

    async def render_season(
        self,
        interaction: discord.Interaction,
        guild: discord.Guild,
        standings: SeasonStandings,
        view: LeaderboardView,
    ) -> tuple[discord.Embed, discord.ui.View]:
        """A page of the season's places, names as the server shows them now."""
        page, on_page = season_page(standings, view.page)
        own = [p for p in standings.places if p.user_id == view.owner]
        kept = {p.user_id: standings.names.get(p.user_id) for p in (*on_page, *own)}
        names = await current_names(guild, kept, [interaction.user])
        view = replace(view, page=page)
        embed = season_embed(standings, page, view.owner, names, guild.name)
        return embed, page_buttons(view, len(standings.places), standings.language)


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=(
        r"leaderboard:(?P<period>[a-z]+):(?P<measure>[a-z_]+):(?P<page>\d+):(?P<owner>\d+)"
        r"(?::s(?P<season>\d+))?"
    ),
):
    """A button that shows page ``view.page`` of the leaderboard ``view`` names."""

    def __init__(self, view: LeaderboardView, label: str = "", disabled: bool = False) -> None:
        custom_id = f"leaderboard:{view.period}:{view.measure}:{view.page}:{view.owner}"
        if view.season is not None:
            custom_id += f":s{view.season}"
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
            int(match["season"]) if match["season"] else None,
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
    before = replace(view, page=max(0, view.page - 1))
    after = replace(view, page=view.page + 1)
    buttons.add_item(PageButton(before, text("leaderboard.previous", language), view.page <= 0))
    buttons.add_item(PageButton(after, text("leaderboard.next", language), view.page >= last))
    return buttons
