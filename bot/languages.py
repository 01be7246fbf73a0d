"""The languages and dictionaries a server or a round may choose, as the bot offers them: one
place for the codes, the name each language is shown by, and Discord's locales for them."""

from __future__ import annotations

# moves to core.languages when it lands (LANGUAGE_CODES, DICTIONARIES there are the same tuples)
LANGUAGE_CODES = ("en", "fr", "es", "de")
DICTIONARIES = ("full", "everyday")

DEFAULT_LANGUAGE = "en"
DEFAULT_DICTIONARY = "full"
# Each language by its own name: a player looks for the name of their language as they write it.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "es": "Español", "de": "Deutsch"}
# Discord's locale codes (``interaction.locale``) of each language.
DISCORD_LOCALES = {
    "en": ("en-US", "en-GB"),
    "fr": ("fr",),
    "es": ("es-ES", "es-419"),
    "de": ("de",),
}


def language_of_locale(locale: str) -> str | None:
    """Our language for a Discord locale (``"es-419"``: ``"es"``); None for one we do not speak."""
    for language, locales in DISCORD_LOCALES.items():
        if locale in locales:
            return language
    return None


def language_name(code: str) -> str:
    """A language as players read its name (its own name: "Français"); the code for one we do
    not offer, so an old row never breaks a message."""
    return LANGUAGE_NAMES.get(code, code)
