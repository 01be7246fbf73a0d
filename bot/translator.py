"""Discord's localisations of our commands (descriptions, option descriptions, choice names) in
French, Spanish and German, read from the catalogues: the one place every wording lives.

Commands are declared with English catalogue texts (``text("commands.start")``); discord.py asks
the translator for each of them per Discord locale while syncing, and the text is found again by
its English wording. Names are not translated: a command is typed by one name everywhere.
"""

from __future__ import annotations

from functools import cache

import discord
from discord import app_commands

from .catalogue import catalogue, text
from .languages import DEFAULT_LANGUAGE, language_of_locale

TRANSLATED_SECTIONS = ("commands.", "dictionaries.")


@cache
def _keys_by_english() -> dict[str, str]:
    """The catalogue key of each English command wording."""
    return {
        value: key
        for key, value in catalogue(DEFAULT_LANGUAGE).items()
        if isinstance(value, str) and key.startswith(TRANSLATED_SECTIONS)
    }


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names in each Discord locale we speak (``bot.languages``)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in (
            app_commands.TranslationContextLocation.command_name,
            app_commands.TranslationContextLocation.group_name,
            app_commands.TranslationContextLocation.parameter_name,
        ):
            return None
        language = language_of_locale(locale.value)
        key = _keys_by_english().get(string.message)
        if language is None or language == DEFAULT_LANGUAGE or key is None:
            return None
        return text(key, language)
