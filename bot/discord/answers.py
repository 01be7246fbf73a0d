"""What every command's private answers share: the reader's and the server's language, one
refusal line, one way to answer whether or not the interaction was deferred."""

from __future__ import annotations

import discord

from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_of_locale
from bot.kernel.refusal import Refusal
from bot.rounds.options import OptionError
from bot.server_settings.service import ServerSettingsService


def reader_language(interaction: discord.Interaction) -> str:
    """Where no server speaks (a DM): the reader's Discord language if it is one of ours."""
    return language_of_locale(str(interaction.locale)) or DEFAULT_LANGUAGE


async def server_language(settings: ServerSettingsService, interaction: discord.Interaction) -> str:
    """The language of a private reply that belongs to no round: the server's (one language
    per server, whoever asks) through the server's install of the bot; elsewhere (a DM, a user
    install) the reader's."""
    if interaction.guild_id is None or not interaction.is_guild_integration():
        return reader_language(interaction)
    return await settings.language(interaction.guild_id)


def refusal(exc: OptionError, language: str) -> str:
    """The one line that refuses a bad option, in ``language``."""
    return text("replies.bad_option", language, error=exc.text(language))


async def tell(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer, whether or not the interaction was deferred."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def refuse(interaction: discord.Interaction, refused: Refusal) -> None:
    """A use case's refusal, ephemeral: in the language it belongs in, else the reader's."""
    await tell(interaction, refused.text(reader_language(interaction)))


async def refusal_text(
    settings: ServerSettingsService, interaction: discord.Interaction, refused: Refusal
) -> str:
    """A use case's refusal in the language it belongs in, else the server's through its
    install (read only then), elsewhere the reader's."""
    return refused.text(refused.language or await server_language(settings, interaction))
