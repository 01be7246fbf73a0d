"""The lexicon: a DAWG (a trie whose common suffixes are shared) in three flat integer arrays.

Node ``n`` has ``mask[n]``: bit ``k`` set when letter ``k`` (a=0 .. z=25) leads to a child, bit 26 set
when the path to ``n`` spells a word. Its children sit in ``kids[first[n]:]`` in letter order, so the
child for letter ``k`` is ``kids[first[n] + popcount(mask[n] & ((1 << k) - 1))]``: one look-up, no
search. Arrays load straight from bytes, which is what makes a cached lexicon ready in milliseconds.

Words are kept to lowercase a-z. A word with a ``q`` not followed by ``u`` stays in the lexicon but
no standard die can spell it: every ``Q`` face is ``Qu``; only a board with a plain ``[q]`` face can.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
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
_WORD = re.compile(r"\S+")  # \s is str.isspace, the whitespace str.split() splits on


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
        self,
        mask: array[int],
        first: array[int],
        kids: array[int],
        word_count: int,
        source_hash: bytes,
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
        clean = [w.encode() for w in map(_clean, words) if w]  # as bytes: a quarter smaller
        clean.sort()
        nodes, root, count = _build_dawg(clean)
        del clean  # gone before the arrays are laid out, not beside them
        return _pack(nodes, root, count, source_hash)

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
        body, check = memoryview(blob)[:-_CHECK_LEN], blob[-_CHECK_LEN:]  # no copy of the body
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
    target = cache_file(digest, cache_dir)
    lexicon = _read_cache(target, digest)
    if lexicon is None:
        lexicon = Lexicon.from_words(_split_words(data), digest)
        with contextlib.suppress(OSError):  # a read-only cache only costs a rebuild next time
            write_atomically(target, lexicon.to_bytes())
    return lexicon


def cached(
    path: str | os.PathLike[str], cache_dir: str | os.PathLike[str] | None = None
) -> Lexicon | None:
    """The lexicon for a word list when the cache holds a sound copy, else None. Never builds: the
    build takes several times the memory of its result, so a long-lived caller builds elsewhere."""
    # The list is held until the cache is read, as in load: freed first, its 3 MB would raise
    # malloc's mmap threshold and the arrays would settle above a hole the heap keeps for good.
    data = _read_word_file(path)
    digest = hashlib.sha256(data).digest()
    return _read_cache(cache_file(digest, cache_dir), digest)


def cache_file(source_hash: bytes, cache_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the lexicon of the word list with this SHA-256 is cached."""
    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return cache / f"{source_hash.hex()[:32]}.dawg"


def default_cache_dir() -> Path:
    """``$BOGGLE_CACHE_DIR``, else ``$XDG_CACHE_HOME/boggle``, else ``~/.cache/boggle``."""
    explicit = os.environ.get("BOGGLE_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "boggle"


def write_atomically(target: Path, blob: bytes) -> None:
    """Write a temporary file of this writer's own, then rename it over ``target``: readers, and
    processes writing the same cache at once, see a whole file, never a torn one (a file torn by
    a crash fails its checksum). Raises OSError when the cache cannot be written."""
    target.parent.mkdir(parents=True, exist_ok=True)
    temp = target.with_name(f".{target.name}.{os.urandom(6).hex()}.tmp")
    try:
        with open(temp, "xb") as out:
            out.write(blob)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise


def _read_cache(target: Path, source_hash: bytes) -> Lexicon | None:
    try:
        return Lexicon.from_bytes(target.read_bytes(), expect_source=source_hash)
    except (OSError, LexiconError):
        return None


def _read_word_file(path: str | os.PathLike[str]) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {os.fspath(path)!r}: {exc.strerror}") from exc


def _split_words(data: bytes) -> Iterator[str]:
    """The words of a file as ``str.split`` finds them, one at a time: the builder keeps only the
    clean ones, so the raw list is never held beside them."""
    for match in _WORD.finditer(data.decode("utf-8", errors="replace")):
        yield match.group()


def _clean(word: str) -> str:
    word = word.strip().lower()
    return word if word.isascii() and word.isalpha() else ""


def _le_bytes(values: array[int]) -> bytes:
    if sys.byteorder == "little":
        return values.tobytes()
    swapped = array("I", values)
    swapped.byteswap()
    return swapped.tobytes()


def _array_from(blob: memoryview, offset: int, count: int) -> array[int]:
    values = array("I")
    values.frombytes(blob[offset : offset + 4 * count])
    if sys.byteorder != "little":
        values.byteswap()
    return values


def _build_dawg(words: list[bytes]) -> tuple[list[bytes], int, int]:
    """Daciuk's incremental construction over sorted a-z words (repeats skipped): each finished
    branch is merged with an equal one already registered, so the structure is minimal when the
    last word is in. Only the nodes along the last word are open; a finished node is kept as its
    packed form (its mask, then its children's numbers), which is also its key in the register: a
    few dozen bytes a node, where a dict a node took the English list's build to 200 MB.

    Returns the finished nodes by number, the root's number and the number of words."""
    register: dict[bytes, int] = {}
    nodes: list[bytes] = []  # the finished nodes, by number
    masks = [0]  # the open nodes: masks[i] spells the first i letters of the last word
    kids: list[list[int]] = [[]]  # their children's numbers; the last one's is -1 until finished

    def finish(down_to: int) -> None:
        while len(masks) > down_to + 1:
            key = masks.pop().to_bytes(4, "little") + array("I", kids.pop()).tobytes()
            number = register.get(key)
            if number is None:
                number = register[key] = len(nodes)
                nodes.append(key)
            kids[-1][-1] = number

    previous = b""
    count = 0
    for word in words:
        if word == previous:
            continue
        common = 0
        for a, b in zip(word, previous, strict=False):
            if a != b:
                break
            common += 1
        finish(common)
        for ch in word[common:]:
            masks[-1] |= 1 << (ch - 97)
            kids[-1].append(-1)
            masks.append(0)
            kids.append([])
        masks[-1] |= TERMINAL
        previous = word
        count += 1
    finish(0)
    root = len(nodes)
    nodes.append(masks[0].to_bytes(4, "little") + array("I", kids[0]).tobytes())
    return nodes, root, count


def _pack(nodes: list[bytes], root: int, word_count: int, source_hash: bytes) -> Lexicon:
    """Renumber the nodes breadth-first from the root and lay them out as arrays."""
    number = array("i", [-1]) * len(nodes)
    number[root] = 0
    order = array("I", [root])
    mask, first, kids = array("I"), array("I"), array("I")
    for old in order:  # grows as it goes: an array iterator sees what is appended
        key = nodes[old]
        mask.append(int.from_bytes(key[:4], "little"))
        first.append(len(kids))
        for child in array("I", key[4:]):
            new = number[child]
            if new < 0:
                new = number[child] = len(order)
                order.append(child)
            kids.append(new)
    return Lexicon(mask, first, kids, word_count, source_hash)
