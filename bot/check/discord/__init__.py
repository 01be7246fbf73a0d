"""``/boggle check word:`` on Discord."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.check.discord.commands import check
from bot.check.discord.uses import CHECK, CheckUses
from bot.i18n.catalogue import text


async def setup(bot: commands.AutoShardedBot, uses: CheckUses) -> None:
    """``/boggle check`` joins the rounds' ``/boggle`` group (set up before it)."""
    CHECK.fill(bot, uses)
    boggle = bot.tree.get_command("boggle")
    assert isinstance(boggle, app_commands.Group)
    boggle.add_command(
        app_commands.Command(name="check", description=text("commands.check"), callback=check)
    )
