"""``language_option``: a command's ``language`` option, described as given and offered every
language the game speaks (the round options' descriptions and choices are played through the
stand-in in ``test_commands.py`` and ``test_localizations.py``)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.choices import LANGUAGE_CHOICES, language_option


@app_commands.command(name="sample", description="A command of the tests' own.")
@app_commands.describe(word="A word.")
@language_option("The board's language.")
async def sample(interaction: discord.Interaction, word: str, language: str | None = None) -> None:
    """Takes a word and, optionally, a language."""


def test_a_language_option_is_described_and_offers_every_language() -> None:
    word, language = sample.get_parameter("word"), sample.get_parameter("language")
    assert word is not None and language is not None
    assert (word.description, language.description) == ("A word.", "The board's language.")
    assert language.choices == LANGUAGE_CHOICES
    assert not language.required
    assert word.choices == []
