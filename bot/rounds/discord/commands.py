"""``/boggle start``, ``/boggle stop`` and ``/guess``."""

from __future__ import annotations

import dataclasses
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.answers import reader_language, refusal, refusal_text, tell
from bot.discord.choices import SIZE_CHOICES, Chosen, round_options_command
from bot.i18n.catalogue import text
from bot.kernel.options import OptionError
from bot.kernel.refusal import Refusal
from bot.rounds.discord.private_guesses import guess_privately
from bot.rounds.discord.rules import rules_text
from bot.rounds.discord.starting import begin_round
from bot.rounds.discord.uses import RoundsUses
from bot.rounds.options import NO_SETTINGS, hints_for, replayed, round_options

log = logging.getLogger(__name__)


class Game(commands.Cog):
    boggle = app_commands.Group(name="boggle", description=text("commands.boggle"))

    def __init__(self, services: RoundsUses) -> None:
        self.services = services

    @boggle.command(name="start", description=text("commands.start"))
    @app_commands.describe(board=text("commands.start_board"))
    @round_options_command(
        text("commands.start_hints"),
        text("commands.start_language"),
        text("commands.start_dictionary"),
    )
    async def start(
        self,
        interaction: discord.Interaction,
        chosen: Chosen,
        board: app_commands.Range[str, 1, 80] | None = None,
    ) -> None:
        if interaction.guild_id is None or interaction.channel is None:
            await tell(interaction, text("replies.not_in_dm", reader_language(interaction)))
            return
        server = await self.services.server_settings.of(interaction.guild_id)
        size, dice, language = chosen.size, chosen.dice, chosen.language
        try:
            replay = replayed(board, size, dice, language) if board else None
            if replay is not None:
                size, dice, language = replay[0].size, replay[1], replay[2]
            options = round_options(
                size,
                dice,
                chosen.time,
                chosen.mode,
                chosen.min_length,
                server,
                language,
                chosen.dictionary,
                chosen.timer,
                chosen.quiet,
            )
            options = dataclasses.replace(
                options,
                board=replay[0] if replay else None,
                hints=hints_for(chosen.hints, options.mode, server.hints),
            )
        except OptionError as exc:
            await tell(interaction, refusal(exc, server.language))
            return
        await begin_round(self.services.rounds, interaction, options, server)

    @boggle.command(name="rules", description=text("commands.rules"))
    @app_commands.describe(size=text("commands.rules_size"))
    @app_commands.choices(size=SIZE_CHOICES)
    async def rules(self, interaction: discord.Interaction, size: int | None = None) -> None:
        """The rules of a round started here now, with ``size`` if given."""
        server = dataclasses.replace(NO_SETTINGS, language=reader_language(interaction))
        if interaction.guild_id is not None:
            server = await self.services.server_settings.of(interaction.guild_id)
        try:
            options = round_options(size=size, defaults=server)
        except OptionError as exc:  # a server's dice set that has since been removed
            await tell(interaction, refusal(exc, server.language))
            return
        rules = rules_text(
            options.size,
            options.min_length,
            server.banned,
            server.language,
            interaction.client.intents.message_content,
        )
        await tell(interaction, rules)

    @boggle.command(name="stop", description=text("commands.stop"))
    async def stop(self, interaction: discord.Interaction) -> None:
        moderates = interaction.permissions.manage_messages
        rounds, channel, actor = (
            self.services.rounds,
            interaction.channel_id or 0,
            interaction.user.id,
        )
        refused = rounds.may_stop(channel, actor, moderates)
        if refused is None:  # stopping waits a little for the results: Discord's 3 s are kept
            await interaction.response.defer(ephemeral=True, thinking=True)
        stopped = refused or await rounds.stop_by(channel, actor, moderates)
        if isinstance(stopped, Refusal):
            servers = self.services.server_settings
            await tell(interaction, await refusal_text(servers, interaction, stopped))
            return
        await tell(interaction, text(stopped.outcome.value, stopped.language))

    @app_commands.command(name="guess", description=text("commands.guess"))
    @app_commands.describe(words=text("commands.guess_words"))
    async def guess(
        self, interaction: discord.Interaction, words: app_commands.Range[str, 1, 400]
    ) -> None:
        await guess_privately(self.services, interaction, words)

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A deleted channel ends its round at once: results are stored, nothing is posted."""
        await self.services.rounds.channel_gone(channel.id)
