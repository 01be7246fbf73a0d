"""The languages and dictionaries a server or a round may choose, as the bot offers them: the
codes are core's (``core.languages``); here, the name each language is shown by and Discord's
locales for them."""

from __future__ import annotations

from bot.i18n.phrase import Phrase
from core.languages import (
    DEFAULT_DICTIONARY,
    DEFAULT_LANGUAGE,
    DICTIONARIES,
    LANGUAGE_CODES,
    language,
)

__all__ = [
    "DEFAULT_DICTIONARY",
    "DEFAULT_LANGUAGE",
    "DICTIONARIES",
    "DISCORD_LOCALES",
    "LANGUAGE_CODES",
    "LANGUAGE_NAMES",
    "language_of_locale",
]

# Each language by its own name: a player looks for the name of their language as they write it.
LANGUAGE_NAMES = {code: language(code).name for code in LANGUAGE_CODES}
# Discord's locale codes (``interaction.locale``) of each language.
DISCORD_LOCALES = {
    "en": ("en-US", "en-GB"),
    "fr": ("fr",),
    "es": ("es-ES", "es-419"),
    "de": ("de",),
    "nl": ("nl",),
    "pl": ("pl",),
    "pt": ("pt-BR",),  # Discord has no pt-PT: Brazil's locale reads the Portuguese catalogue
    "bg": ("bg",),
    "cs": ("cs",),
    "da": ("da",),
    "el": ("el",),
    "fi": ("fi",),
    "hr": ("hr",),
    "hu": ("hu",),
    "id": ("id",),
    "it": ("it",),
    "lt": ("lt",),
    "no": ("no",),  # Discord's Norwegian is Bokmål
    "ro": ("ro",),
    "ru": ("ru",),
    "sv": ("sv-SE",),
    "tr": ("tr",),
    "uk": ("uk",),
}


def language_of_locale(locale: str) -> str | None:
    """Our language for a Discord locale (``"es-419"``: ``"es"``); None for one we do not speak."""
    for code, locales in DISCORD_LOCALES.items():
        if locale in locales:
            return code
    return None


def language_name(code: str) -> Phrase | str:
    """A language as the reader of a message names it ("anglais" in French, "Englisch" in
    German), for a field of ``text``; the code for one we do not offer, so an old row never
    breaks a message."""
    return Phrase(f"language_names.{code}") if code in LANGUAGE_NAMES else code
