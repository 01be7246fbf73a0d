"""Every user-facing string, from one catalogue per language: the shared words in
``bot/i18n/locales/<lang>.toml`` and each feature's own in ``bot/<feature>/locales/<lang>.toml``
(its texts live in its folder), merged into one set of dotted keys.

Wording is data: a translation is a file with the same keys, not code. ``text`` fills in the
``{names}``; ``count`` picks the plural form by the language's rule (``plural_form``).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import Any

from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.i18n.phrase import Phrase

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
# Every feature's folder of catalogues: bot/<feature>/locales/.
FEATURE_LOCALES = "*/locales"
# The counts that take the "one" form (CLDR's rules for whole numbers): French and Portuguese
# say "0 mot", "0 palavra".
_ONE = {"fr": frozenset({0, 1}), "pt": frozenset({0, 1})}
_ONLY_ONE = frozenset({1})
# The plural forms of each language's entries: one and other, but Polish has three (CLDR): "1
# słowo", "2 słowa" (few: ending in 2-4, not 12-14), "5 słów" (many: the rest).
# Indonesian has one form (CLDR: "other" only): "1 kata", "5 kata". Czech, Croatian, Lithuanian
# and Romanian have three for whole numbers (CLDR's "many" of Czech and Lithuanian is for
# fractions only): Czech "1 slovo", "2 slova" (few: 2-4), "5 slov"; Croatian "1 bod" and "21 bod"
# (one: ending in 1, not 11), "2 boda" (few: ending in 2-4, not 12-14), "5 bodova"; Lithuanian
# "1 žodis", "21 žodis" (one: ending in 1, not 11), "2 žodžiai" (few: ending in 2-9, not 12-19),
# "10 žodžių"; Romanian "1 cuvânt", "2 cuvinte" (few: 0, and ending in 01-19), "20 de cuvinte".
# Russian and Ukrainian have Polish's three by another rule (CLDR; "other" is for fractions):
# "1 слово", "21 слово" (one: ending in 1, not 11), "2 слова" (few: as Polish), "5 слов", "11
# слов" (many: the rest).
PLURAL_FORMS: dict[str, tuple[str, ...]] = {
    "pl": ("one", "few", "many"),
    "id": ("other",),
    "cs": ("one", "few", "other"),
    "hr": ("one", "few", "other"),
    "lt": ("one", "few", "other"),
    "ro": ("one", "few", "other"),
    "ru": ("one", "few", "many"),
    "uk": ("one", "few", "many"),
}
EAST_SLAVIC = frozenset({"ru", "uk"})
ONE_OTHER = ("one", "other")


@cache
def catalogue(language: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A language's entries by dotted key (``"results.headline"``), from the shared catalogue and
    every feature's."""
    return merged(catalogue_files(language))


def catalogue_files(language: str) -> list[Path]:
    """The shared catalogue of ``language``, then each feature's, in a fixed order."""
    bot = LOCALES_DIR.parent.parent
    shared = LOCALES_DIR / f"{language}.toml"
    features = sorted(set(bot.glob(f"{FEATURE_LOCALES}/{language}.toml")) - {shared})
    return [shared, *features]


def merged(paths: list[Path]) -> dict[str, Any]:
    """The entries of ``paths`` by dotted key; a key defined twice is a ValueError (two files
    must not silently disagree on one message)."""
    entries: dict[str, Any] = {}
    origin: dict[str, Path] = {}
    for path in paths:
        with path.open("rb") as file:
            tree = tomllib.load(file)
        for section, values in tree.items():
            for name, value in values.items():
                key = f"{section}.{name}"
                if key in entries:
                    raise ValueError(f"{key} is in both {origin[key]} and {path}")
                entries[key], origin[key] = value, path
    return entries


def text(key: str, language: str = DEFAULT_LANGUAGE, /, **fields: object) -> str:
    """The entry ``key`` with its fields filled in (a ``Phrase`` in ``language`` too); a missing
    key or field is a KeyError."""
    entry = catalogue(language)[key]
    if not isinstance(entry, str):
        raise KeyError(f"{key} is a plural entry; use count()")
    if not fields:
        return entry
    shown = {
        name: text(value.key, language, **value.fields) if isinstance(value, Phrase) else value
        for name, value in fields.items()
    }
    return entry.format(**shown)


def count(n: int, key: str, language: str = DEFAULT_LANGUAGE, /) -> str:
    """``n`` with the plural form of ``key`` (an entry with the language's ``plural_forms``)."""
    forms = catalogue(language)[key]
    return str(forms[plural_form(n, language)]).format(n=n)


def plural_forms(language: str) -> tuple[str, ...]:
    """The plural forms every plural entry of ``language`` has."""
    return PLURAL_FORMS.get(language, ONE_OTHER)


def plural_form(n: int, language: str = DEFAULT_LANGUAGE) -> str:
    """The form a count of ``n`` takes in ``language``: ``"one"`` or ``"other"`` (Polish:
    ``"one"``, ``"few"`` or ``"many"``; Czech, Croatian, Lithuanian and Romanian: ``"one"``,
    ``"few"`` or ``"other"``; Russian and Ukrainian: ``"one"``, ``"few"`` or ``"many"``)."""
    n = abs(n)
    if language == "pl":
        if n == 1:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    if language == "id":
        return "other"
    if language == "cs":
        return "one" if n == 1 else "few" if 2 <= n <= 4 else "other"
    if language == "hr":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "other"
    if language == "lt":
        if 11 <= n % 100 <= 19:
            return "other"
        return "one" if n % 10 == 1 else "few" if n % 10 >= 2 else "other"
    if language == "ro":
        return "one" if n == 1 else "few" if n == 0 or 1 <= n % 100 <= 19 else "other"
    if language in EAST_SLAVIC:
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "many"
    return "one" if n in _ONE.get(language, _ONLY_ONE) else "other"
