"""``/boggle define word [language]``: what a word means, privately, in the word's language."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.definitions.discord.render import define_text
from bot.definitions.discord.uses import DEFINITIONS
from bot.discord.answers import reader_language, server_language, tell
from bot.discord.choices import language_option
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal

LONGEST_WORD = 40  # letters: longer than any word a board spells


@app_commands.describe(word=text("definitions.command_word"))
@language_option(text("definitions.command_language"))
async def define(
    interaction: discord.Interaction,
    word: app_commands.Range[str, 1, LONGEST_WORD],
    language: str | None = None,
) -> None:
    """The word's senses (``DefinitionsService.define``), in the language chosen, else the
    server's (the reader's in a DM)."""
    uses = DEFINITIONS.of(interaction)
    code = language or await server_language(uses.server_settings, interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await uses.definitions.define(word, code)
    if isinstance(found, Refusal):
        await tell(interaction, found.text(reader_language(interaction)))
        return
    shown = uses.definitions.shown(found, code, word)
    await tell(interaction, define_text(found, shown, code))
