"""Discord's localisations of our commands (French, Spanish, German), from the catalogues.

Commands are declared with English catalogue texts; a description is found again by its English
wording. A choice carries its catalogue key with its name (``choice``): a choice's name may not
be its English text (a language is named by its own name), and short names ("Points") could be
any key's. Names are not translated: a command is typed by one name everywhere.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.i18n.catalogue import catalogue, catalogue_files, merged, text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_of_locale

TRANSLATED_SECTIONS = (
    "commands.",
    ".".join(("tournaments", "command_")),
    ".".join(("battles", "command_")),
)
ChoiceT = TypeVar("ChoiceT", str, int, float)
_CHOICE_KEYS: set[str] = set()  # every choice's catalogue key, as the commands are declared


@cache
def _keys_by_english() -> dict[str, str]:
    """The catalogue key of each English command wording."""
    return {
        value: key
        for key, value in catalogue(DEFAULT_LANGUAGE).items()
        if isinstance(value, str) and _describes_a_command(key)
    }


def choice(
    key: str, value: ChoiceT, /, name: str | None = None, **fields: object
) -> app_commands.Choice[ChoiceT]:
    """An option's choice worded by the catalogue entry ``key`` (with ``fields``) in every
    locale we speak; its own ``name`` where Discord shows no localisation (default: the English
    wording)."""
    shown = name if name is not None else text(key, DEFAULT_LANGUAGE, **fields)
    _CHOICE_KEYS.add(key)
    return app_commands.Choice(name=app_commands.locale_str(shown, key=key, **fields), value=value)


def _describes_a_command(key: str) -> bool:
    """A command's wording: the ``commands`` section, or a feature's ``command_`` entries (its
    new options' descriptions, kept in its own section)."""
    return key.startswith(TRANSLATED_SECTIONS) or key.partition(".")[2].startswith("command_")


@cache
def _command_entries(language: str) -> dict[str, Any]:
    """The entries of ``language`` the commands show (their descriptions and choices' names),
    kept alone: the sync reads every language, and the whole catalogues of 23 languages would
    stay in the process (4 MB) when most servers speak one."""
    return {
        key: value
        for key, value in merged(catalogue_files(language)).items()
        if _describes_a_command(key) or key in _CHOICE_KEYS
    }


class CatalogueTranslator(app_commands.Translator):
    """Descriptions and choice names in each Discord locale we speak (``bot.i18n.languages``)."""

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
        fields = dict(string.extras)
        key = fields.pop("key", None) or _keys_by_english().get(string.message)
        entries = _command_entries(language) if language is not None else {}
        entry = entries.get(key) if key is not None else None
        if not isinstance(entry, str):
            return None  # an untranslated entry shows the default, never breaks the whole sync
        translated = entry.format(**fields) if fields else entry
        if language == DEFAULT_LANGUAGE and translated == string.message:
            return None  # the name Discord shows anyway
        return translated
