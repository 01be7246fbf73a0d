"""``Definitions``: a language's definitions, opened lazily. The first lookup opens the index
(built into the cache once per data and lexicon, every form resolved: ``resolve``), reading its
small table of blocks, and, unless one was given, loads the language's lexicon; nothing is read
before, the index stays on disk, and a lookup reads one block of it (``index``)."""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import unicodedata
from pathlib import Path

from core.definitions import sources
from core.definitions.index import Index, IndexFileError
from core.definitions.index import build as build_index
from core.definitions.model import Entry, Lookup, NoDefinition, NotAWord, Reading
from core.languages import Language, language, lexicon_for
from core.lexicon import Lexicon
from core.lexicon.cache import default_cache_dir, write_atomically

SHOWN_SENSES = 3  # senses a reading shows by default


class Definitions:
    """One language's definitions: ``lookup(word)`` says what a word means, which form of which
    lemma it is, or that it is no word. Thread-safe; ``close`` closes the index."""

    def __init__(
        self,
        lang: Language,
        cache_dir: Path,
        lexicon: Lexicon | None = None,
        data_dir: Path = sources.DEFINITIONS_DIR,
    ) -> None:
        self.language = lang
        self.source = sources.SOURCES.get(lang.code)
        self._cache_dir = cache_dir
        self._data_dir = data_dir
        self._lexicon = lexicon
        self._index: Index | None = None
        self._lock = threading.Lock()

    @classmethod
    def open(
        cls,
        lang: Language | str,
        cache_dir: str | os.PathLike[str] | None = None,
        *,
        lexicon: Lexicon | None = None,
        data_dir: str | os.PathLike[str] | None = None,
    ) -> Definitions:
        """The definitions of a language (reads nothing yet). ``lexicon``: the language's, when
        the caller holds it already; ``data_dir``: another data/definitions (tests)."""
        chosen = language(lang) if isinstance(lang, str) else lang
        cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        data = Path(data_dir) if data_dir is not None else sources.DEFINITIONS_DIR
        return cls(chosen, cache, lexicon, data)

    @property
    def has_source(self) -> bool:
        """Whether the language has definitions at all (Spanish has none)."""
        return self.source is not None

    def lookup(self, word: str, senses: int = SHOWN_SENSES) -> Lookup:
        """What ``word`` (as typed: any case, accents or not) means: an Entry with at most
        ``senses`` senses a reading, NoDefinition for a word of the dictionary with none known,
        NotAWord otherwise."""
        key = self.language.fold(word.strip())
        lexicon = self.lexicon()
        if key is None or key not in lexicon:
            return NotAWord(word)
        if self.source is None:
            return NoDefinition(key, has_source=False)
        found = [Reading(r.lemma, r.form, r.senses[:senses]) for r in self.index().readings(key)]
        readings = _typed_first(found, unicodedata.normalize("NFC", word.strip()).lower())
        return Entry(key, tuple(readings)) if readings else NoDefinition(key, has_source=True)

    def lexicon(self) -> Lexicon:
        if self._lexicon is None:
            with self._lock:
                if self._lexicon is None:
                    self._lexicon = lexicon_for(self.language, self._cache_dir)
        return self._lexicon

    def index(self) -> Index:
        """The open index, built into the cache first when it is not there (or not sound)."""
        if self._index is None:
            with self._lock:
                if self._index is None:
                    self._index = self._open_index()
        return self._index

    def index_path(self) -> Path:
        """Where the index of the current data is cached (named by the data's digest)."""
        assert self.source is not None
        return self._cache_dir / f"{self._digest().hex()[:32]}.defs"

    def is_cached(self) -> bool:
        """Whether the cache holds a sound index of the current data (reads its header only):
        a long-lived caller builds it elsewhere first (``python -m core.definitions``)."""
        if self.source is None or self._index is not None:
            return True
        try:
            Index(self.index_path(), self._digest()).close()
        except (OSError, IndexFileError):
            return False
        return True

    def build_into_cache(self) -> None:
        """Build the index and write it to the cache (OSError when the cache cannot be written)."""
        digest = self._digest()
        write_atomically(self.index_path(), self._build(digest))

    def close(self) -> None:
        if self._index is not None:
            self._index.close()
            self._index = None

    def _digest(self) -> bytes:
        """The cache key (``sources.cache_key``): the builder's version, the data files' digest
        and the lexicon's source hash."""
        assert self.source is not None
        lexicon_hash = self.lexicon().source_hash
        return sources.cache_key(self.source, self._data_dir, lexicon_hash, self._cache_dir)

    def _open_index(self) -> Index:
        digest, target = self._digest(), self.index_path()
        with contextlib.suppress(OSError, IndexFileError):
            return Index(target, digest)
        blob = self._build(digest)
        try:
            write_atomically(target, blob)
        except OSError:  # a read-only cache: read a private temporary copy instead (kept open)
            with tempfile.NamedTemporaryFile(suffix=".defs") as temp:
                temp.write(blob)
                temp.flush()
                return Index(Path(temp.name), digest)
        return Index(target, digest)

    def _build(self, digest: bytes) -> bytes:
        # The forms' rules are read only to build (a child's work in the bot): not held by readers.
        from core.definitions.resolve import Data, resolve_all

        assert self.source is not None
        glosses = (
            line
            for name in self.source.glosses
            for line in sources.gloss_lines(self._data_dir / name)
        )
        form_lines = (
            line for name in self.source.forms for line in sources.form_lines(self._data_dir / name)
        )
        data = Data(self.language.fold, glosses, form_lines)
        return build_index(resolve_all(data, self.lexicon(), self.language.code), digest)


def _typed_first(readings: list[Reading], typed: str) -> list[Reading]:
    """The readings with the forms whose lemma is spelled most like the typed word first, when
    it was typed with accents: "étés" reads as "été" before "être" (whose "êtes" folds alike)."""
    if typed.isascii():
        return readings

    def shared(reading: Reading) -> int:
        lemma = reading.lemma.lower()
        return next(
            (i for i, (a, b) in enumerate(zip(lemma, typed, strict=False)) if a != b), len(lemma)
        )

    own = [r for r in readings if r.form is None]
    return own + sorted((r for r in readings if r.form is not None), key=lambda r: -shared(r))
