"""What every command's private answers share: the reader's and the server's language, one
refusal line, one way to answer whether or not the interaction was deferred."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_of_locale
from bot.kernel.refusal import Refusal


class ServerLanguages(Protocol):
    """Where a server's language is kept (the server settings)."""

    async def language(self, guild_id: int, /) -> str: ...


class Explained(Protocol):
    """A mistake the player can fix, worded in any language (a bad option)."""

    def text(self, language: str, /) -> str: ...


def reader_language(interaction: discord.Interaction) -> str:
    """Where no server speaks (a DM): the reader's Discord language if it is one of ours."""
    return language_of_locale(str(interaction.locale)) or DEFAULT_LANGUAGE


def speaking_server(interaction: discord.Interaction) -> int | None:
    """The server whose language a private reply takes: the interaction's, through the server's
    install of the bot; None elsewhere (a DM, a user install: the reader's language)."""
    if interaction.guild_id is None or not interaction.is_guild_integration():
        return None
    return interaction.guild_id


async def server_language(settings: ServerLanguages, interaction: discord.Interaction) -> str:
    """The language of a private reply that belongs to no round: the server's (one language
    per server, whoever asks) through the server's install of the bot; elsewhere (a DM, a user
    install) the reader's."""
    server = speaking_server(interaction)
    if server is None:
        return reader_language(interaction)
    return await settings.language(server)


def refusal(exc: Explained, language: str) -> str:
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
    settings: ServerLanguages, interaction: discord.Interaction, refused: Refusal
) -> str:
    """A use case's refusal in the language it belongs in, else the server's through its
    install (read only then), elsewhere the reader's."""
    return refused.text(refused.language or await server_language(settings, interaction))


async def managed_server(interaction: discord.Interaction, settings: ServerLanguages) -> int | None:
    """``/boggle-config``'s gate: the server's id, the answer deferred (privately: the database
    may be busy for a moment), when the member has Manage Server in this channel as Discord
    computed it; else None, and one line said why (in the server's language)."""
    if interaction.guild_id is None:
        await tell(interaction, text("settings.not_in_dm", reader_language(interaction)))
        return None
    await interaction.response.defer(ephemeral=True, thinking=True)
    if not interaction.permissions.manage_guild:
        language = await settings.language(interaction.guild_id)
        await tell(interaction, text("settings.refused", language))
        return None
    return interaction.guild_id
