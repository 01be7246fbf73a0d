"""The lexicon's word set: a DAWG in flat integer arrays, and the queries the game makes of it.

The package docstring (``core.lexicon``) says how the arrays are laid out. Building lives in
``builder``, the file format in ``fileformat``; this module only holds and reads.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from core.lexicon.alphabet import ALPHABET, check_alphabet
from core.lexicon.fileformat import Parts, decode, encode
from core.lexicon.sources import read_frequencies, read_sources, spellings_beside, split_words
from core.lexicon.spelling import NONE, Spellings, encode_spellings, spelling


@dataclass(frozen=True)
class LexiconStats:
    words: int
    nodes: int
    edges: int


class Lexicon:
    """A read-only word set with prefix tests and word frequencies, shaped for the solver's walk."""

    __slots__ = (
        "alphabet",
        "count",
        "first",
        "kids",
        "letter_bit",
        "mask",
        "source_hash",
        "spelling_entries",
        "spellings",
        "terminal",
        "word_count",
        "zipf_bytes",
    )

    def __init__(
        self,
        mask: array[int],
        first: array[int],
        kids: array[int],
        word_count: int,
        source_hash: bytes,
        alphabet: str = ALPHABET,
        count: array[int] | None = None,
        zipf_bytes: bytes = b"",
        spellings: Spellings = NONE,
    ) -> None:
        self.mask = mask
        self.first = first
        self.kids = kids
        self.word_count = word_count
        self.source_hash = source_hash
        self.alphabet = check_alphabet(alphabet)
        self.letter_bit = {ch: 1 << i for i, ch in enumerate(alphabet)}
        self.terminal = 1 << len(alphabet)
        if count is None:  # the builder only where a lexicon is built, not read from a cache
            from core.lexicon.builder import words_below

            count = words_below(mask, first, kids, self.terminal)
        self.count = count
        self.zipf_bytes = zipf_bytes  # empty: no frequencies known
        self.spellings = spellings
        self.spelling_entries = spellings.entries

    @property
    def stats(self) -> LexiconStats:
        return LexiconStats(self.word_count, len(self.mask), len(self.kids))

    @property
    def has_frequencies(self) -> bool:
        return bool(self.zipf_bytes)

    def __len__(self) -> int:
        return self.word_count

    def child(self, node: int, letter: str) -> int:
        """The node after ``letter``, or -1."""
        bit = self.letter_bit.get(letter, 0)
        m = self.mask[node]
        if not m & bit:
            return -1
        return self.kids[self.first[node] + (m & (bit - 1)).bit_count()]

    def walk(self, text: str, node: int = 0) -> int:
        """The node reached by spelling ``text`` from ``node``, or -1 when no word goes that way."""
        mask, first, kids, letter_bit = self.mask, self.first, self.kids, self.letter_bit
        for letter in text:
            bit = letter_bit.get(letter, 0)
            m = mask[node]
            if not m & bit:
                return -1
            node = kids[first[node] + (m & (bit - 1)).bit_count()]
        return node

    def is_word_node(self, node: int) -> bool:
        return node >= 0 and bool(self.mask[node] & self.terminal)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.is_word_node(self.walk(word))

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (a word is its own prefix)."""
        return self.walk(prefix) >= 0

    def index(self, word: str) -> int | None:
        """The word's rank among all words in alphabet order (0 for the first), or None when it is
        not a word: the words before it are counted node by node, never listed."""
        mask, first, kids, count = self.mask, self.first, self.kids, self.count
        terminal, letter_bit = self.terminal, self.letter_bit
        node = 0
        rank = 0
        for letter in word:
            bit = letter_bit.get(letter, 0)
            m = mask[node]
            if not m & bit:
                return None
            if m & terminal:
                rank += 1
            base = first[node]
            before = (m & (bit - 1)).bit_count()
            for e in range(base, base + before):
                rank += count[kids[e]]
            node = kids[base + before]
        return rank if mask[node] & terminal else None

    def zipf(self, word: str) -> float | None:
        """How common the word is: its Zipf frequency (log10 of uses per billion words; 0.0 when
        the frequency list does not know it, or the lexicon has none), or None for a non-word."""
        rank = self.index(word)
        if rank is None:
            return None
        return self.zipf_bytes[rank] / 10 if self.zipf_bytes else 0.0

    def spelling(self, word: str) -> str:
        """How the dictionary spells a (folded) word: ``"ete"`` -> ``"été"``, ``"gruen"`` ->
        ``"grün"``; the word itself when its list gives no other spelling or it is no word."""
        if not self.spellings.marks:
            return word
        rank = self.index(word)
        if rank is None:
            return word
        return spelling(self.spellings, self.spelling_entries, rank, word)

    def respelled(self, words: Iterable[str]) -> dict[str, str]:
        """The dictionary's spelling of those of ``words`` it spells otherwise (``spelling``),
        for a message that shows many words: the others are shown as they are."""
        return {w: shown for w in words if (shown := self.spelling(w)) != w}

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabet order."""
        terminal = self.terminal
        letters = list(self.letter_bit.items())
        stack: list[tuple[int, str]] = [(0, "")]
        while stack:
            node, word = stack.pop()
            m = self.mask[node]
            if m & terminal:
                yield word
            base = self.first[node]
            children = [
                (self.kids[base + (m & (bit - 1)).bit_count()], word + ch)
                for ch, bit in letters
                if m & bit
            ]
            stack.extend(reversed(children))

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_words(
        cls,
        words: Iterable[str],
        source_hash: bytes = b"\0" * 32,
        alphabet: str = ALPHABET,
        frequencies: Mapping[str, int] | None = None,
        spellings: Iterable[str] = (),
        fold: Callable[[str], str | None] | None = None,
    ) -> Lexicon:
        """Build from words; entries holding a character outside ``alphabet`` once lowercased are
        skipped. ``frequencies`` gives words their Zipf x 10 (0-255; others are 0). ``spellings``
        are the dictionary's spellings of words, found by ``fold`` (the language's rule, needed
        with them); a spelling of no word is skipped."""
        from core.lexicon.builder import build

        check_alphabet(alphabet)
        built = build(words, alphabet)
        lexicon = cls(
            built.mask, built.first, built.kids, built.words, source_hash, alphabet, built.below
        )
        if frequencies:
            zipf = bytearray(lexicon.word_count)
            for word, value in frequencies.items():
                rank = lexicon.index(word)
                if rank is not None:
                    zipf[rank] = max(0, min(255, value))
            lexicon.zipf_bytes = bytes(zipf)
        spelled: dict[int, tuple[int, str, str]] = {}  # by rank: a word's first spelling
        for written in spellings:
            folded = fold(written) if fold is not None else None
            rank = None if folded is None else lexicon.index(folded)
            if folded is not None and rank is not None:
                spelled.setdefault(rank, (rank, folded, written))
        if spelled and fold is not None:
            lexicon.spellings = encode_spellings(spelled.values(), lexicon.word_count, fold)
            lexicon.spelling_entries = lexicon.spellings.entries
        return lexicon

    @classmethod
    def from_file(
        cls,
        path: str | os.PathLike[str],
        alphabet: str = ALPHABET,
        frequencies: str | os.PathLike[str] | None = None,
        spellings: str | os.PathLike[str] | None = None,
        fold: Callable[[str], str | None] | None = None,
    ) -> Lexicon:
        """Build from a one-word-a-line file (no cache), with its frequency file and its
        spellings file (one spelling a line, read by ``fold``; with a ``fold`` and no
        ``spellings``, the list's own ``<stem>-spellings.txt`` if it has one) if given."""
        if spellings is None and fold is not None:
            spellings = spellings_beside(path)
        data, freq_data, spell_data, digest = read_sources(path, alphabet, frequencies, spellings)
        table = None if freq_data is None else read_frequencies(freq_data)
        written = () if spell_data is None else split_words(spell_data)
        return cls.from_words(split_words(data), digest, alphabet, table, written, fold)

    # --- the binary form ------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The cache file's bytes (``fileformat``)."""
        return encode(
            Parts(
                self.source_hash,
                self.alphabet,
                self.mask,
                self.first,
                self.kids,
                self.count,
                self.word_count,
                self.zipf_bytes,
                self.spellings,
            )
        )

    @classmethod
    def from_bytes(cls, blob: bytes, expect_source: bytes | None = None) -> Lexicon:
        """Load the binary form; raise LexiconError if it is damaged or built from other words."""
        p = decode(blob, expect_source)
        return cls(
            p.mask,
            p.first,
            p.kids,
            p.words,
            p.source_hash,
            p.alphabet,
            p.below,
            p.zipf,
            p.spellings,
        )
