"""Every language's lexicon, for the whole bot: ``Lexicons.get(code)`` is the one way to one.

English is loaded at start; another language on first use, from the cache or built by a child
process (``bot.kernel.lexicon_loader``): a build's heap would stay in the bot's process for good.
A language never played costs nothing. ``from_cache`` tells a use case whether the language is at
hand within milliseconds, or must be built first (seconds: it tells the player to wait).
One load at a time per language: a second caller waits for the first's result. English's list
is ``BOGGLE_DICTIONARY`` (the others' are fixed, ``core.languages``), read with the frequencies
of ``data/words/en-zipf.tsv``: an unlisted word is of the unknown band, never everyday.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Mapping
from pathlib import Path

from bot.kernel.lexicon_loader import cached_lexicon, load_lexicon
from core.languages import DEFAULT_LANGUAGE, language
from core.lexicon import Lexicon


class Lexicons:
    """The lexicons of the languages played so far, each loaded once, on first use."""

    def __init__(
        self,
        english: str | os.PathLike[str] | None = None,
        cache_dir: str | os.PathLike[str] | None = None,
        loaded: Mapping[str, Lexicon] | None = None,
    ) -> None:
        """``english``: English's word list (None: its own); ``loaded``: lexicons already at
        hand by language code (tests, benchmarks), never loaded again."""
        self.english = Path(english) if english is not None else language("en").words_file
        self.cache_dir = cache_dir
        self._given: Mapping[str, Lexicon] = loaded or {}  # read on first use, as a load is
        self._loaded: dict[str, Lexicon] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def loaded(self, code: str) -> Lexicon | None:
        """The language's lexicon if it is loaded already (never loads; one given at hand)."""
        found = self._loaded.get(code)
        if found is None and code in self._given:
            found = self._loaded[code] = self._given[code]
        return found

    async def from_cache(self, code: str) -> Lexicon | None:
        """The language's lexicon if it is loaded or the cache holds it (then loaded now, in
        milliseconds); None when it must be built first, which ``get`` does (seconds)."""
        found = self.loaded(code)
        if found is not None:
            return found
        chosen = language(code)
        lock = self._locks.setdefault(code, asyncio.Lock())
        if lock.locked():  # another caller is loading it, or building it: seconds, maybe
            return None
        async with lock:
            found = self._loaded.get(code)
            if found is None:
                found = await cached_lexicon(
                    self.source(code), self.cache_dir, lang=code, frequencies=chosen.frequency_file
                )
                if found is not None:
                    self._loaded[code] = found
        return found

    def source(self, code: str) -> Path:
        """The word list a language's lexicon is built from."""
        return self.english if code == DEFAULT_LANGUAGE else language(code).words_file

    async def get(self, code: str) -> Lexicon:
        """The language's lexicon: loaded already, else from the cache, else built by a child
        process (seconds; the caller waits). LanguageError for a code we do not have;
        LexiconError when the list cannot be read or built (the next call tries again)."""
        found = self.loaded(code)
        if found is not None:
            return found
        chosen = language(code)
        lock = self._locks.setdefault(code, asyncio.Lock())
        async with lock:
            found = self._loaded.get(code)
            if found is None:
                found = await load_lexicon(
                    self.source(code),
                    self.cache_dir,
                    lang=code,
                    frequencies=chosen.frequency_file,
                )
                self._loaded[code] = found
        return found
