"""The definitions' use cases: what a word means in a language, and what a set of words means
(the results' button, the page). Each language's index is opened on its first use (nothing at
start-up), built first by a child process when the cache lacks it (a build's heap would stay with
the bot), and read off the event loop (a cold lookup reads the disk).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol

from bot.kernel.children import run_python
from bot.kernel.refusal import Refusal
from core.definitions import Definitions, FormKind, Lookup, NotAWord, PartOfSpeech
from core.languages import LANGUAGE_CODES, shown_spelling
from core.lexicon import Lexicon, default_cache_dir

log = logging.getLogger(__name__)

SHOWN_SENSES = 3
# How a form reads in each language's catalogue: "past tense of {lemma}".
FORM_KEYS: Mapping[FormKind, str] = {kind: f"definitions.form_{kind.value}" for kind in FormKind}
POS_KEYS: Mapping[PartOfSpeech, str] = {
    pos: f"definitions.pos_{pos.value}" for pos in PartOfSpeech if pos is not PartOfSpeech.UNKNOWN
}


class LexiconSource(Protocol):
    """Where the service gets a language's lexicon and word list (the bot's ``Lexicons``)."""

    cache_dir: str | os.PathLike[str] | None

    async def get(self, code: str) -> Lexicon: ...

    def source(self, code: str) -> Path: ...


class DefinitionsService:
    """Every language's definitions, opened lazily, one opening at a time per language."""

    def __init__(self, lexicons: LexiconSource, data_dir: Path | None = None) -> None:
        self.lexicons = lexicons
        self.data_dir = data_dir
        cache = lexicons.cache_dir
        self.cache_dir = Path(cache) if cache is not None else default_cache_dir()
        self._opened: dict[str, Definitions] = {}
        self._locks: dict[str, asyncio.Lock] = {}

    def opened(self) -> list[str]:
        """The languages whose definitions are open (none before a first lookup)."""
        return sorted(self._opened)

    async def define(
        self, word: str, language: str, senses: int = SHOWN_SENSES
    ) -> Lookup | Refusal:
        """What ``word`` means in ``language``: an Entry, NoDefinition or NotAWord; a Refusal
        for a language the game does not speak or definitions that cannot be opened now."""
        found = await self.define_all([word], language, senses)
        return found if isinstance(found, Refusal) else found[word]

    async def define_all(
        self, words: Iterable[str], language: str, senses: int = SHOWN_SENSES
    ) -> dict[str, Lookup] | Refusal:
        """What each of ``words`` means, looked up together in one trip off the event loop."""
        if language not in LANGUAGE_CODES:
            return Refusal.of("definitions.unknown_language", "en", language=language)
        definitions = await self._definitions(language)
        if definitions is None:
            return Refusal.of("definitions.unavailable", language)
        wanted = list(dict.fromkeys(words))
        return await asyncio.to_thread(
            lambda: {w: definitions.lookup(w, senses=senses) for w in wanted}
        )

    def shown(self, found: Lookup, language: str, typed: str | None = None) -> str:
        """How to show the word looked up: as typed when it folds to it, else as the dictionary
        spells it (``core.languages.shown_spelling``); a non-word as typed."""
        definitions = self._opened.get(language)
        if isinstance(found, NotAWord) or definitions is None:
            return found.word.strip()
        spell = definitions.lexicon().spelling
        return shown_spelling(definitions.language, spell, found.word, typed)

    def close(self) -> None:
        for definitions in self._opened.values():
            definitions.close()
        self._opened.clear()

    async def _definitions(self, code: str) -> Definitions | None:
        found = self._opened.get(code)
        if found is not None:
            return found
        async with self._locks.setdefault(code, asyncio.Lock()):
            found = self._opened.get(code)
            if found is None:
                lexicon = await self.lexicons.get(code)
                data = {} if self.data_dir is None else {"data_dir": self.data_dir}
                found = Definitions.open(code, self.cache_dir, lexicon=lexicon, **data)
                if not await asyncio.to_thread(found.is_cached) and not await self._build(code):
                    return None
                self._opened[code] = found
        return found

    async def _build(self, code: str) -> bool:
        """Build the index by a child process (``python -m core.definitions``); False if not."""
        log.info("no definitions index for %s in %s: building it in a child", code, self.cache_dir)
        argv = ["-m", "core.definitions", "--lang", code, "--cache-dir", str(self.cache_dir)]
        argv += ["--dict", str(self.lexicons.source(code))]
        if self.data_dir is not None:
            argv += ["--data-dir", str(self.data_dir)]
        returncode, _, errors = await run_python(*argv, output=False)
        if returncode != 0:
            log.warning("definitions build for %s failed: %s", code, errors.decode().strip())
            return False
        return True
