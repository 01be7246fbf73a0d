"""The commands' localisations read only the entries commands show: the sync asks every
language, and keeping every language's whole catalogue cost a bot that plays English 4 MB."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.choices import SIZE_CHOICES
from bot.discord.translator import CatalogueTranslator, _command_entries, _describes_a_command
from bot.i18n.catalogue import catalogue, text

# Where a text goes, as the translator is told: anything but a name (names are never translated).
CONTEXT: app_commands.TranslationContextTypes = app_commands.TranslationContext(
    app_commands.TranslationContextLocation.other, None
)
CHOICE = CONTEXT


async def test_descriptions_and_choices_are_translated_from_their_entries() -> None:
    translator = CatalogueTranslator()
    english = text("commands.daily", "en")
    said = await translator.translate(
        app_commands.locale_str(english), discord.Locale.french, CONTEXT
    )
    assert said == text("commands.daily", "fr")
    assert SIZE_CHOICES  # declared (as the commands are): the choices' keys are known
    size = app_commands.locale_str("5x5", key="choices.size", side=5, dice=25)
    named = await translator.translate(size, discord.Locale.german, CHOICE)
    assert named == text("choices.size", "de", side=5, dice=25)
    polish = app_commands.locale_str("Polski", key="choices.language_pl")
    assert await translator.translate(polish, discord.Locale.greek, CHOICE) == text(
        "choices.language_pl", "el"
    )


async def test_only_the_commands_entries_are_kept() -> None:
    kept = _command_entries("hu")
    whole = catalogue("hu")
    assert set(kept) < set(whole) and len(kept) * 3 < len(whole), (len(kept), len(whole))
    assert all(_describes_a_command(k) or k.split(".")[0] != "results" for k in kept)
    assert "results.headline" in whole and "results.headline" not in kept
