"""Rounds on Discord: ``/boggle start``, ``stop``, ``rules``, ``/guess``, chat guesses, the
board's Guess and Play on the board buttons, Play again, My result; the round's channel shown by
``publisher.DiscordPublisher``."""

from __future__ import annotations

from discord.ext import commands

from bot.rounds.discord.chat import Guesses
from bot.rounds.discord.commands import Game
from bot.rounds.discord.guess_form import ActivityButton, GuessButton, on_guess_form
from bot.rounds.discord.my_result import MyResultButton
from bot.rounds.discord.play_again import PlayAgain
from bot.rounds.discord.uses import ROUNDS, RoundsUses


async def setup(bot: commands.AutoShardedBot, uses: RoundsUses) -> None:
    ROUNDS.fill(bot, uses)
    await bot.add_cog(Game(uses))
    await bot.add_cog(Guesses(uses.rounds, bot.intents.message_content))
    # Buttons that answer from any message, also those posted before this start.
    bot.add_listener(on_guess_form, "on_interaction")
    bot.add_dynamic_items(PlayAgain, MyResultButton, GuessButton, ActivityButton)
