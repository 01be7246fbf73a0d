"""The lexicon: a DAWG (a trie whose common suffixes are shared) in three flat integer arrays.

Node ``n`` has ``mask[n]``: bit ``k`` set when letter ``k`` (a=0 .. z=25) leads to a child, bit 26 set
when the path to ``n`` spells a word. Its children sit in ``kids[first[n]:]`` in letter order, so the
child for letter ``k`` is ``kids[first[n] + popcount(mask[n] & ((1 << k) - 1))]``: one look-up, no
search. Arrays load straight from bytes, which is what makes a cached lexicon ready in milliseconds.

Words are kept to lowercase a-z. A word with a ``q`` not followed by ``u`` stays in the lexicon but
no standard die can spell it: every ``Q`` face is ``Qu``; only a board with a plain ``[q]`` face can.
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

TERMINAL = 1 << 26
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
LETTER_BIT = {ch: 1 << i for i, ch in enumerate(ALPHABET)}

_MAGIC = b"BGLDAWG1"
_HEADER = struct.Struct("<8s32sIII")  # magic, source sha256, nodes, edges, words
_CHECK_LEN = 16


class LexiconError(ValueError):
    """A word list or cache file that cannot be used; the message says why."""


@dataclass(frozen=True)
class LexiconStats:
    words: int
    nodes: int
    edges: int


class Lexicon:
    """A read-only word set with prefix tests, shaped for the solver's walk."""

    __slots__ = ("edges", "first", "kids", "mask", "source_hash", "word_count")

    def __init__(
        self, mask: array, first: array, kids: array, word_count: int, source_hash: bytes
    ) -> None:
        self.mask = mask
        self.first = first
        self.kids = kids
        self.word_count = word_count
        self.source_hash = source_hash

    @property
    def stats(self) -> LexiconStats:
        return LexiconStats(self.word_count, len(self.mask), len(self.kids))

    def __len__(self) -> int:
        return self.word_count

    def child(self, node: int, letter: str) -> int:
        """The node after ``letter``, or -1."""
        bit = LETTER_BIT.get(letter, 0)
        m = self.mask[node]
        if not m & bit:
            return -1
        return self.kids[self.first[node] + (m & (bit - 1)).bit_count()]

    def walk(self, text: str, node: int = 0) -> int:
        """The node reached by spelling ``text`` from ``node``, or -1 when no word goes that way."""
        mask, first, kids = self.mask, self.first, self.kids
        for letter in text:
            bit = LETTER_BIT.get(letter, 0)
            m = mask[node]
            if not m & bit:
                return -1
            node = kids[first[node] + (m & (bit - 1)).bit_count()]
        return node

    def is_word_node(self, node: int) -> bool:
        return node >= 0 and bool(self.mask[node] & TERMINAL)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.is_word_node(self.walk(word))

    def has_prefix(self, prefix: str) -> bool:
        """True when some word starts with ``prefix`` (a word is its own prefix)."""
        return self.walk(prefix) >= 0

    def __iter__(self) -> Iterator[str]:
        """Every word, in alphabetical order."""
        stack: list[tuple[int, str]] = [(0, "")]
        while stack:
            node, word = stack.pop()
            m = self.mask[node]
            if m & TERMINAL:
                yield word
            base = self.first[node]
            children = [
                (self.kids[base + (m & (bit - 1)).bit_count()], word + ch)
                for ch, bit in LETTER_BIT.items()
                if m & bit
            ]
            stack.extend(reversed(children))

    # --- building -------------------------------------------------------------------------

    @classmethod
    def from_words(cls, words: Iterable[str], source_hash: bytes = b"\0" * 32) -> Lexicon:
        """Build from words; entries that are not lowercase a-z after lowercasing are skipped."""
        clean = sorted({w for w in (_clean(x) for x in words) if w})
        return _build_dawg(clean, source_hash)

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> Lexicon:
        """Build from a one-word-a-line file (no cache)."""
        data = _read_word_file(path)
        return cls.from_words(_split_words(data), hashlib.sha256(data).digest())

    # --- the binary form ------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        header = _HEADER.pack(
            _MAGIC, self.source_hash, len(self.mask), len(self.kids), self.word_count
        )
        body = header + _le_bytes(self.mask) + _le_bytes(self.first) + _le_bytes(self.kids)
        return body + hashlib.blake2b(body, digest_size=_CHECK_LEN).digest()

    @classmethod
    def from_bytes(cls, blob: bytes, expect_source: bytes | None = None) -> Lexicon:
        """Load the binary form; raise LexiconError if it is damaged or built from other words."""
        if len(blob) < _HEADER.size + _CHECK_LEN:
            raise LexiconError("lexicon file is truncated")
        body, check = blob[:-_CHECK_LEN], blob[-_CHECK_LEN:]
        if hashlib.blake2b(body, digest_size=_CHECK_LEN).digest() != check:
            raise LexiconError("lexicon file is damaged (checksum mismatch)")
        magic, source, nodes, edges, words = _HEADER.unpack_from(body)
        if magic != _MAGIC:
            raise LexiconError("not a lexicon file of this version")
        if expect_source is not None and source != expect_source:
            raise LexiconError("lexicon file was built from another word list")
        if len(body) != _HEADER.size + 4 * (2 * nodes + edges):
            raise LexiconError("lexicon file has the wrong length")
        offset = _HEADER.size
        mask = _array_from(body, offset, nodes)
        first = _array_from(body, offset + 4 * nodes, nodes)
        kids = _array_from(body, offset + 8 * nodes, edges)
        return cls(mask, first, kids, words, source)


def load(path: str | os.PathLike[str], cache_dir: str | os.PathLike[str] | None = None) -> Lexicon:
    """The lexicon for a word list, from the cache when it holds a sound copy, else built and cached.

    The cache file is named by the word list's SHA-256, so an edited list never meets a stale cache;
    a damaged cache fails its checksum and is rebuilt.
    """
    data = _read_word_file(path)
    digest = hashlib.sha256(data).digest()
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    cached = cache / f"{digest.hex()[:32]}.dawg"
    try:
        return Lexicon.from_bytes(cached.read_bytes(), expect_source=digest)
    except (OSError, LexiconError):
        pass
    lexicon = Lexicon.from_words(_split_words(data), digest)
    _write_atomically(cached, lexicon.to_bytes())
    return lexicon


def default_cache_dir() -> Path:
    """``$BOGGLE_CACHE_DIR``, else ``$XDG_CACHE_HOME/boggle``, else ``~/.cache/boggle``."""
    explicit = os.environ.get("BOGGLE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "boggle"


def _write_atomically(target: Path, blob: bytes) -> None:
    """Best effort: a read-only cache only costs a rebuild at the next start."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = target.with_suffix(f".tmp{os.getpid()}")
        temp.write_bytes(blob)
        os.replace(temp, target)
    except OSError:
        pass


def _read_word_file(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {os.fspath(path)!r}: {exc.strerror}") from exc


def _split_words(data: bytes) -> list[str]:
    return data.decode("utf-8", errors="replace").split()


def _clean(word: str) -> str:
    word = word.strip().lower()
    return word if word.isascii() and word.isalpha() else ""


def _le_bytes(values: array) -> bytes:
    if sys.byteorder == "little":
        return values.tobytes()
    swapped = array("I", values)
    swapped.byteswap()
    return swapped.tobytes()


def _array_from(blob: bytes, offset: int, count: int) -> array:
    values = array("I")
    values.frombytes(blob[offset : offset + 4 * count])
    if sys.byteorder != "little":
        values.byteswap()
    return values


def _build_dawg(words: list[str], source_hash: bytes) -> Lexicon:
    """Daciuk's incremental construction over sorted words: each finished branch is merged with an
    equal one already registered, so the structure is minimal when the last word is in."""
    children: list[dict[int, int]] = [{}]
    final: list[bool] = [False]
    register: dict[tuple, int] = {}
    unchecked: list[tuple[int, int, int]] = []  # (parent, letter, child) along the last word

    def minimise(down_to: int) -> None:
        while len(unchecked) > down_to:
            parent, letter, child = unchecked.pop()
            key = (final[child], tuple(children[child].items()))
            same = register.get(key)
            if same is None:
                register[key] = child
            else:
                children[parent][letter] = same

    previous = ""
    for word in words:
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        minimise(common)
        node = unchecked[-1][2] if unchecked else 0
        for ch in word[common:]:
            new = len(children)
            children.append({})
            final.append(False)
            letter = ord(ch) - 97
            children[node][letter] = new
            unchecked.append((node, letter, new))
            node = new
        final[node] = True
        previous = word
    minimise(0)
    return _pack(children, final, len(words), source_hash)


def _pack(
    children: list[dict[int, int]], final: list[bool], word_count: int, source_hash: bytes
) -> Lexicon:
    """Renumber the reachable nodes breadth-first from the root and lay them out as arrays."""
    order = [0]
    number = {0: 0}
    for node in order:
        for child in children[node].values():
            if child not in number:
                number[child] = len(order)
                order.append(child)
    mask = array("I", bytes(4 * len(order)))
    first = array("I", bytes(4 * len(order)))
    kids = array("I")
    for new, old in enumerate(order):
        m = TERMINAL if final[old] else 0
        first[new] = len(kids)
        for letter, child in sorted(children[old].items()):
            m |= 1 << letter
            kids.append(number[child])
        mask[new] = m
    return Lexicon(mask, first, kids, word_count, source_hash)
