"""Definitions on Discord: ``/boggle define`` and the Definitions buttons of the results and
the daily result."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.definitions.discord.buttons import DefineAttempt, DefineWords
from bot.definitions.discord.commands import define
from bot.definitions.discord.uses import DEFINITIONS, DefinitionsUses
from bot.discord.result_buttons import add_daily_button, add_round_button
from bot.i18n.catalogue import text


async def setup(bot: commands.AutoShardedBot, uses: DefinitionsUses) -> None:
    """``/boggle define`` joins the rounds' ``/boggle`` group (set up before it); the results
    and the daily results carry a Definitions button."""
    DEFINITIONS.fill(bot, uses)
    bot.add_dynamic_items(DefineWords, DefineAttempt)
    add_round_button("definitions", DefineWords)
    add_daily_button("definitions", DefineAttempt)
    boggle = bot.tree.get_command("boggle")
    assert isinstance(boggle, app_commands.Group)
    boggle.add_command(
        app_commands.Command(
            name="define", description=text("definitions.command"), callback=define
        )
    )
