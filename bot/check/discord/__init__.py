"""``/boggle check word:`` on Discord."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.check.discord.commands import check
from bot.i18n.catalogue import text
from bot.services import Services


async def setup(bot: commands.AutoShardedBot, services: Services) -> None:
    """``/boggle check`` joins the rounds' ``/boggle`` group (set up before it)."""
    boggle = bot.tree.get_command("boggle")
    assert isinstance(boggle, app_commands.Group)
    boggle.add_command(
        app_commands.Command(name="check", description=text("commands.check"), callback=check)
    )
