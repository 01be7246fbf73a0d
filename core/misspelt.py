"""A guess that lacks a letter's mark where the mark makes another letter ("zal" for Polish
"żal", "ano" for Spanish "año"): the word of the board the player meant, to say so in the
refusal ("żal", not "zal") rather than a bare "not a word".

Only where the language keeps such letters apart: a language that folds marks away (French
"ete" is "été") accepts the plain form, and never gets here.
"""

from __future__ import annotations

from collections.abc import Iterable

from core.languages import Language


class Misspellings:
    """The board's words by their plain form (``Language.plain``), built on first use: most
    rounds never refuse a word that needs it."""

    def __init__(self, lang: Language, words: Iterable[str]) -> None:
        self.lang = lang
        self._words = words
        self._by_plain: dict[str, str] | None = None

    def meant(self, word: str) -> str | None:
        """The board's word that ``word`` (folded, refused) is with its marks put back; None
        when there is none (or ``word`` is itself one of the board's words)."""
        by_plain = self._by_plain
        if by_plain is None:  # built whole before it is kept: a board's may be shared
            plain = self.lang.plain
            by_plain = {}
            for found in sorted(self._words):  # the same word whichever order the solution has
                key = plain(found)
                if key != found:
                    by_plain.setdefault(key, found)
            self._by_plain = by_plain
        meant = by_plain.get(self.lang.plain(word))
        return None if meant == word else meant
