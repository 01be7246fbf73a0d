"""Rounds on Discord: ``/boggle start``, ``stop``, ``rules``, ``/guess``, chat guesses, the
board's Guess and Play on the board buttons, Play again, My result; and the round's own channel,
shown by ``channel_view.ChannelView``, a listener of the round service's events."""

from __future__ import annotations

from discord.ext.commands import AutoShardedBot, Cog

from bot.rounds.discord.channel_view import ChannelView
from bot.rounds.discord.chat import Guesses
from bot.rounds.discord.commands import Game
from bot.rounds.discord.guess_form import ActivityButton, GuessButton, on_guess_form
from bot.rounds.discord.my_result import MyResultButton
from bot.rounds.discord.play_again import PlayAgain
from bot.rounds.discord.publisher import DiscordPublisher
from bot.rounds.discord.uses import ROUNDS, RoundsUses


class RoundChannels(Cog):
    """The rounds' channels as the bot shows them (``view``), for as long as the bot runs."""

    def __init__(self, view: ChannelView) -> None:
        self.view = view

    async def cog_unload(self) -> None:
        self.view.close()


async def setup(bot: AutoShardedBot, uses: RoundsUses) -> None:
    ROUNDS.fill(bot, uses)
    reads_messages = bot.intents.message_content
    publisher = DiscordPublisher(
        bot, uses.pictures, reads_messages=reads_messages, activity=uses.activity
    )
    await bot.add_cog(RoundChannels(ChannelView(uses.rounds, publisher, uses.clock)))
    await bot.add_cog(Game(uses))
    await bot.add_cog(Guesses(uses.rounds, reads_messages))
    # Buttons that answer from any message, also those posted before this start.
    bot.add_listener(on_guess_form, "on_interaction")
    bot.add_dynamic_items(PlayAgain, MyResultButton, GuessButton, ActivityButton)


def channel_view_of(bot: AutoShardedBot) -> ChannelView:
    """The bot's view of the rounds' channels (tests and benchmarks read its feedback)."""
    cog = bot.get_cog("RoundChannels")
    assert isinstance(cog, RoundChannels), "the rounds' Discord side is not set up"
    return cog.view
