"""The lexicon: a DAWG (a trie whose common suffixes are shared) in flat integer arrays.

Each lexicon has its own alphabet (``en``: a-z; ``es``: a-z and ñ; any string of up to
``MAX_LETTERS`` distinct lowercase letters). Node ``n`` has ``mask[n]``: bit ``k`` set when letter
``k`` of the alphabet leads to a child, bit ``len(alphabet)`` (``lexicon.terminal``) set when the
path to ``n`` spells a word. Its children sit in ``kids[first[n]:]`` in letter order, so the child
for letter ``k`` is ``kids[first[n] + popcount(mask[n] & ((1 << k) - 1))]``: one look-up, no search.
Masks are 32-bit, so an alphabet holds at most 31 letters. Arrays load straight from bytes, which is
what makes a cached lexicon ready in milliseconds.

``count[n]`` is the number of words at or below node ``n``: summed along a word's path it gives
the word's index (its rank in alphabet order, a minimal perfect hash), which indexes ``zipf``, one
byte a word: the word's Zipf frequency times ten, 0 when unknown (``core.commonness`` names bands).

Words are kept to the lexicon's letters (the language's ``fold`` made them so). A word with a ``q``
not followed by ``u`` stays in the lexicon but no standard die can spell it: every ``Q`` face is
``Qu``; only a board with a plain ``[q]`` face can.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import struct
import sys
from array import array
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ALPHABET = "abcdefghijklmnopqrstuvwxyz"  # the default: English
MAX_LETTERS = 31  # a node's mask is 32 bits: one per letter and one for "a word ends here"

_MAGIC = b"BGLDAWG2"
# magic, source sha256, nodes, edges, words, alphabet bytes (UTF-8), zipf bytes (0 or words)
_HEADER = struct.Struct("<8s32sIIIII")
_CHECK_LEN = 16
_WORD = re.compile(r"\S+")  # \s is str.isspace, the whitespace str.split() splits on


class LexiconError(ValueError):
    """A word list or cache file that cannot be used; the message says why."""


@dataclass(frozen=True)
class LexiconStats:
    words: int
    nodes: int
    edges: int


def check_alphabet(alphabet: str) -> str:
    """``alphabet`` when a lexicon can hold it, else LexiconError saying why."""
    if not alphabet or len(set(alphabet)) != len(alphabet):
        raise LexiconError(f"alphabet {alphabet!r} must list distinct letters")
    if len(alphabet) > MAX_LETTERS:
        raise LexiconError(
            f"an alphabet of {len(alphabet)} letters is too long: a lexicon holds at most "
            f"{MAX_LETTERS} (one bit of a 32-bit mask each, and one for the end of a word)"
        )
    if not all(ch.isalpha() and ch == ch.lower() and len(ch) == 1 for ch in alphabet):
        raise LexiconError(f"alphabet {alphabet!r} must be lowercase letters")
    return alphabet


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
    ) -> None:
        self.mask = mask
        self.first = first
        self.kids = kids
        self.word_count = word_count
        self.source_hash = source_hash
        self.alphabet = check_alphabet(alphabet)
        self.letter_bit = {ch: 1 << i for i, ch in enumerate(alphabet)}
        self.terminal = 1 << len(alphabet)
        self.count = count if count is not None else _words_below(mask, first, kids, self.terminal)
        self.zipf_bytes = zipf_bytes  # empty: no frequencies known

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
    ) -> Lexicon:
        """Build from words; entries holding a character outside ``alphabet`` once lowercased are
        skipped. ``frequencies`` gives words their Zipf x 10 (0-255; others are 0)."""
        check_alphabet(alphabet)
        code = {ord(ch): i for i, ch in enumerate(alphabet)}
        # Each letter as the byte of its place in the alphabet: sorted bytes are alphabet order.
        lowered = (w.strip().lower() for w in words)
        clean = [w.translate(code).encode("latin-1") for w in lowered if _clean(w, alphabet)]
        clean.sort()
        nodes, root, count = _build_dawg(clean, len(alphabet))
        del clean  # gone before the arrays are laid out, not beside them
        lexicon = _pack(nodes, root, count, source_hash, alphabet)
        if frequencies:
            zipf = bytearray(lexicon.word_count)
            for word, value in frequencies.items():
                rank = lexicon.index(word)
                if rank is not None:
                    zipf[rank] = max(0, min(255, value))
            lexicon.zipf_bytes = bytes(zipf)
        return lexicon

    @classmethod
    def from_file(
        cls,
        path: str | os.PathLike[str],
        alphabet: str = ALPHABET,
        frequencies: str | os.PathLike[str] | None = None,
    ) -> Lexicon:
        """Build from a one-word-a-line file (no cache), with its frequency file if given."""
        data, freq_data, digest = _sources(path, alphabet, frequencies)
        table = None if freq_data is None else read_frequencies(freq_data)
        return cls.from_words(_split_words(data), digest, alphabet, table)

    # --- the binary form ------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        letters = self.alphabet.encode()
        header = _HEADER.pack(
            _MAGIC,
            self.source_hash,
            len(self.mask),
            len(self.kids),
            self.word_count,
            len(letters),
            len(self.zipf_bytes),
        )
        body = b"".join(
            (
                header,
                letters,
                _le_bytes(self.mask),
                _le_bytes(self.first),
                _le_bytes(self.kids),
                _le_bytes(self.count),
                self.zipf_bytes,
            )
        )
        return body + hashlib.blake2b(body, digest_size=_CHECK_LEN).digest()

    @classmethod
    def from_bytes(cls, blob: bytes, expect_source: bytes | None = None) -> Lexicon:
        """Load the binary form; raise LexiconError if it is damaged or built from other words."""
        if len(blob) < _HEADER.size + _CHECK_LEN:
            raise LexiconError("lexicon file is truncated")
        body, check = memoryview(blob)[:-_CHECK_LEN], blob[-_CHECK_LEN:]  # no copy of the body
        if hashlib.blake2b(body, digest_size=_CHECK_LEN).digest() != check:
            raise LexiconError("lexicon file is damaged (checksum mismatch)")
        magic, source, nodes, edges, words, letters, zipf = _HEADER.unpack_from(body)
        if magic != _MAGIC:
            raise LexiconError("not a lexicon file of this version")
        if expect_source is not None and source != expect_source:
            raise LexiconError("lexicon file was built from another word list")
        if (
            zipf not in (0, words)
            or len(body) != _HEADER.size + letters + 4 * (3 * nodes + edges) + zipf
        ):
            raise LexiconError("lexicon file has the wrong length")
        offset = _HEADER.size
        try:
            alphabet = bytes(body[offset : offset + letters]).decode()
        except UnicodeDecodeError:
            raise LexiconError("lexicon file has a damaged alphabet") from None
        offset += letters
        mask = _array_from(body, offset, nodes)
        first = _array_from(body, offset + 4 * nodes, nodes)
        kids = _array_from(body, offset + 8 * nodes, edges)
        count = _array_from(body, offset + 4 * (2 * nodes + edges), nodes)
        zipf_at = offset + 4 * (3 * nodes + edges)
        return cls(
            mask, first, kids, words, source, alphabet, count, bytes(body[zipf_at : zipf_at + zipf])
        )


def source_digest(
    words: bytes, alphabet: str = ALPHABET, frequencies: bytes | None = None
) -> bytes:
    """What a lexicon is built from, as one SHA-256: the word list's own digest for an a-z list
    without frequencies (as before alphabets), else a digest of all three."""
    digest = hashlib.sha256(words).digest()
    if alphabet == ALPHABET and frequencies is None:
        return digest
    parts = [b"boggle-lexicon", digest, alphabet.encode()]
    if frequencies is not None:
        parts.append(hashlib.sha256(frequencies).digest())
    return hashlib.sha256(b"\0".join(parts)).digest()


def read_frequencies(data: bytes) -> dict[str, int]:
    """A frequency file's ``word<TAB>zipf x 10`` lines; LexiconError naming a bad line."""
    table: dict[str, int] = {}
    for number, line in enumerate(data.decode("utf-8", errors="replace").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        word, _, value = line.partition("\t")
        if not value.isdigit():
            raise LexiconError(f"frequency file line {number}: expected word<TAB>number")
        table[word] = int(value)
    return table


def load(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    alphabet: str = ALPHABET,
    frequencies: str | os.PathLike[str] | None = None,
) -> Lexicon:
    """The lexicon for a word list (in ``alphabet``, with the Zipf values of a ``frequencies``
    file), from the cache when it holds a sound copy, else built and cached.

    The cache file is named by the SHA-256 of what it is built from (``source_digest``), so an
    edited list never meets a stale cache; a damaged cache fails its checksum and is rebuilt.
    """
    data, freq_data, digest = _sources(path, alphabet, frequencies)
    target = cache_file(digest, cache_dir)
    lexicon = _read_cache(target, digest)
    if lexicon is None:
        table = None if freq_data is None else read_frequencies(freq_data)
        lexicon = Lexicon.from_words(_split_words(data), digest, alphabet, table)
        with contextlib.suppress(OSError):  # a read-only cache only costs a rebuild next time
            write_atomically(target, lexicon.to_bytes())
    return lexicon


def cached(
    path: str | os.PathLike[str],
    cache_dir: str | os.PathLike[str] | None = None,
    *,
    alphabet: str = ALPHABET,
    frequencies: str | os.PathLike[str] | None = None,
) -> Lexicon | None:
    """The lexicon for a word list when the cache holds a sound copy, else None. Never builds: the
    build takes several times the memory of its result, so a long-lived caller builds elsewhere."""
    # The list is held until the cache is read, as in load: freed first, its 3 MB would raise
    # malloc's mmap threshold and the arrays would settle above a hole the heap keeps for good.
    _data, _freq, digest = _sources(path, alphabet, frequencies)
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


def _sources(
    path: str | os.PathLike[str],
    alphabet: str,
    frequencies: str | os.PathLike[str] | None,
) -> tuple[bytes, bytes | None, bytes]:
    """The word list, the frequency file (if any) and the digest of what they build."""
    data = _read_word_file(path)
    freq_data = None if frequencies is None else _read_word_file(frequencies)
    return data, freq_data, source_digest(data, alphabet, freq_data)


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


def _clean(word: str, alphabet: str) -> bool:
    """Whether a word (lowercase, as the language folded it) holds only the alphabet's letters."""
    return bool(word) and all(ch in alphabet for ch in word)


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


def _build_dawg(words: list[bytes], letters: int) -> tuple[list[bytes], int, int]:
    """Daciuk's incremental construction over sorted words (each byte a letter's place) (repeats skipped): each finished
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

    terminal = 1 << letters
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
            masks[-1] |= 1 << ch
            kids[-1].append(-1)
            masks.append(0)
            kids.append([])
        masks[-1] |= terminal
        previous = word
        count += 1
    finish(0)
    root = len(nodes)
    nodes.append(masks[0].to_bytes(4, "little") + array("I", kids[0]).tobytes())
    return nodes, root, count


def _pack(
    nodes: list[bytes], root: int, word_count: int, source_hash: bytes, alphabet: str
) -> Lexicon:
    """Renumber the nodes breadth-first from the root and lay them out as arrays, with each
    node's word count (worked out in build order, where every child comes before its parents)."""
    terminal = 1 << len(alphabet)
    built = array("I", bytes(4 * len(nodes)))
    for old, key in enumerate(nodes):
        here = 1 if int.from_bytes(key[:4], "little") & terminal else 0
        built[old] = here + sum(built[c] for c in array("I", key[4:]))
    number = array("i", [-1]) * len(nodes)
    number[root] = 0
    order = array("I", [root])
    mask, first, kids, count = array("I"), array("I"), array("I"), array("I")
    for old in order:  # grows as it goes: an array iterator sees what is appended
        key = nodes[old]
        count.append(built[old])
        mask.append(int.from_bytes(key[:4], "little"))
        first.append(len(kids))
        for child in array("I", key[4:]):
            new = number[child]
            if new < 0:
                new = number[child] = len(order)
                order.append(child)
            kids.append(new)
    return Lexicon(mask, first, kids, word_count, source_hash, alphabet, count)


def _words_below(
    mask: array[int], first: array[int], kids: array[int], terminal: int
) -> array[int]:
    """For each node, the words at or below it: children are counted before their parents (a
    depth-first walk that finishes a node once all its children are done)."""
    below = array("i", [-1]) * len(mask)
    letters = terminal - 1
    stack = [0]
    while stack:
        node = stack[-1]
        m = mask[node]
        base = first[node]
        edges = range(base, base + (m & letters).bit_count())
        pending = [kids[e] for e in edges if below[kids[e]] < 0]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        if below[node] < 0:
            below[node] = (1 if m & terminal else 0) + sum(below[kids[e]] for e in edges)
    return array("I", below)
