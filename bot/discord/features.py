"""One cog per feature: commands only, each translating between Discord and the services (no
game rule here); a cog never imports another cog, and each receives the services it uses."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.check.discord.commands import check
from bot.daily.discord.commands import AttemptButton, Daily
from bot.i18n.catalogue import text
from bot.rounds.discord.chat import Guesses
from bot.rounds.discord.commands import Game
from bot.rounds.discord.guess_form import ActivityButton, GuessButton, on_guess_form
from bot.rounds.discord.play_again import PlayAgain
from bot.server_settings.discord.commands import Config
from bot.services import Services
from bot.standings.discord.leaderboard import Leaderboard, PageButton
from bot.standings.discord.stats import Stats


async def add_cogs(bot: commands.AutoShardedBot, services: Services) -> None:
    await bot.add_cog(Game(services))
    # ``/boggle check`` joins the game cog's ``/boggle`` group.
    boggle = bot.tree.get_command("boggle")
    assert isinstance(boggle, app_commands.Group)
    boggle.add_command(
        app_commands.Command(name="check", description=text("commands.check"), callback=check)
    )
    await bot.add_cog(Guesses(services, bot.intents.message_content))
    await bot.add_cog(Leaderboard(services))
    await bot.add_cog(Stats(services))
    await bot.add_cog(Config(services))
    await bot.add_cog(Daily(services))
    # Buttons that answer from any message, also those posted before this start.
    bot.add_listener(on_guess_form, "on_interaction")
    bot.add_dynamic_items(PlayAgain, GuessButton, ActivityButton, PageButton, AttemptButton)
