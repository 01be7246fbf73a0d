"""The world round on Discord: ``/world`` and ``/world-guess``, guesses typed in a server's
world channel, ``/guess`` there, or its board's Guess form, ``/boggle-config world``, and the boards and results the
outbox delivers."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.world.discord.chat import WorldChat
from bot.world.discord.commands import World, guess_in_world_channel
from bot.world.discord.config import world_command
from bot.world.discord.guess_form import WorldGuessButton, on_world_guess_form
from bot.world.discord.posts import WorldPosts
from bot.world.discord.uses import WORLD, WorldUses
from bot.world.model import BOARD_POST, RESULTS_POST

__all__ = ["guess_in_world_channel", "setup"]


async def setup(bot: commands.AutoShardedBot, uses: WorldUses) -> None:
    """``/world``; ``/boggle-config world`` joins the server settings' group (set up before)."""
    WORLD.fill(bot, uses)
    await bot.add_cog(World(uses))
    await bot.add_cog(WorldChat(uses.world, bot.intents.message_content, uses.has_own_round))
    posts = WorldPosts(bot, uses)
    uses.world.outbox.deliver_with({BOARD_POST: posts.board, RESULTS_POST: posts.results})
    bot.add_listener(on_world_guess_form, "on_interaction")
    bot.add_dynamic_items(WorldGuessButton)
    config = bot.tree.get_command("boggle-config")
    assert isinstance(config, app_commands.Group)
    config.add_command(world_command())
