"""Seasons on Discord: each ended season's recap posted and its champion role moved, and
``/boggle-config season``."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.seasons.discord.config import season_command
from bot.seasons.discord.poster import SeasonPoster
from bot.seasons.discord.uses import SEASONS, SeasonsUses


async def setup(bot: commands.AutoShardedBot, uses: SeasonsUses) -> None:
    """The recap's poster; ``/boggle-config season`` joins the server settings' group (set up
    before it)."""
    SEASONS.fill(bot, uses)
    SeasonPoster(bot, uses.seasons)  # the outbox's sender of recaps
    config = bot.tree.get_command("boggle-config")
    assert isinstance(config, app_commands.Group)
    config.add_command(season_command())
