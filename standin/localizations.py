"""Discord's checks of the localisations in synced commands (``name_localizations``,
``description_localizations``, on commands, options and choices): a locale Discord has, and each
text within the limits of the field it translates. A refusal is a 50035 naming the field."""

from __future__ import annotations

from typing import Any

from standin.command_names import valid_name
from standin.errors import bad_length, invalid_form, invalid_name

LOCALES = frozenset(
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)
MAX_DESCRIPTION = 100
MAX_CHOICE_NAME = 100


def check_commands(commands: list[dict[str, Any]]) -> None:
    """Raise Discord's 50035 at the first localisation it would refuse."""
    for i, command in enumerate(commands):
        check_localizations(command, str(i), choice=False)


def check_localizations(item: dict[str, Any], at: str, choice: bool) -> None:
    """The localisations of one command, option or choice (``at`` its path) and of those inside."""
    names = item.get("name_localizations") or {}
    for locale, name in names.items():
        field = f"{at}.name_localizations.{locale}"
        _locale(locale, field)
        if choice:
            _length(name, field, MAX_CHOICE_NAME)
        elif not valid_name(name):
            raise invalid_name(field)
    for locale, description in (item.get("description_localizations") or {}).items():
        field = f"{at}.description_localizations.{locale}"
        _locale(locale, field)
        _length(description, field, MAX_DESCRIPTION)
    for j, option in enumerate(item.get("options") or []):
        check_localizations(option, f"{at}.options.{j}", choice=False)
    for j, entry in enumerate(item.get("choices") or []):
        check_localizations(entry, f"{at}.choices.{j}", choice=True)


def _locale(locale: str, field: str) -> None:
    if locale not in LOCALES:
        raise invalid_form(field, "LOCALE_INVALID", f"Invalid locale: {locale}")


def _length(value: object, field: str, longest: int) -> None:
    if not (isinstance(value, str) and 1 <= len(value) <= longest):
        raise bad_length(field, 1, longest)
