"""The compiled lexicon on disk: a header, the arrays as little-endian 32-bit words (the masks
64-bit for an alphabet of more than 31 letters), the Zipf
bytes, and a BLAKE2b check over all of it. The arrays load straight from these bytes, which is
what makes a cached lexicon ready in milliseconds; a torn or damaged file fails its check."""

from __future__ import annotations

import struct
import sys

# CPython's own BLAKE2, the very function hashlib hands out as hashlib.blake2b: importing hashlib
# loads OpenSSL too (2-3 ms of every start of the terminal tool, which only checks a digest).
from _blake2 import blake2b
from array import array
from typing import NamedTuple

from core.lexicon.alphabet import LexiconError, mask_size, mask_typecode
from core.lexicon.spelling import Spellings

MAGIC = b"BGLDAWG3"  # 3: spellings
# Part of a cached file's name (``cache.cache_file``): bump it when the same sources build other
# bytes (the builder or this layout changed), so no older file is read for a newer one.
BUILDER_VERSION = "b3"
# magic, source sha256, nodes, edges, words, alphabet bytes (UTF-8), zipf bytes (0 or words),
# then the spellings (``spelling.Spellings``): table bytes (UTF-8), marks bytes, before and
# starts entries (32-bit), patch bytes
_HEADER = struct.Struct("<8s32sIIIIIIIIII")
_CHECK_LEN = 16


class Parts(NamedTuple):
    """What a lexicon file holds, in the order it holds it."""

    source_hash: bytes
    alphabet: str
    mask: array[int]
    first: array[int]
    kids: array[int]
    below: array[int]  # words at or below each node
    words: int
    zipf: bytes
    spellings: Spellings


def encode(parts: Parts) -> bytes:
    """The file's bytes."""
    letters = parts.alphabet.encode()
    spelled = parts.spellings
    table = spelled.table.encode()
    header = _HEADER.pack(
        MAGIC,
        parts.source_hash,
        len(parts.mask),
        len(parts.kids),
        parts.words,
        len(letters),
        len(parts.zipf),
        len(table),
        len(spelled.marks),
        len(spelled.before),
        len(spelled.starts),
        len(spelled.patches),
    )
    body = b"".join(
        (
            header,
            letters,
            _le_bytes(parts.mask),
            _le_bytes(parts.first),
            _le_bytes(parts.kids),
            _le_bytes(parts.below),
            parts.zipf,
            table,
            spelled.marks,
            _le_bytes(spelled.before),
            _le_bytes(spelled.starts),
            spelled.patches,
        )
    )
    return body + blake2b(body, digest_size=_CHECK_LEN).digest()


def decode(blob: bytes, expect_source: bytes | None = None) -> Parts:
    """The parts of a file; LexiconError if it is damaged or built from other words."""
    if len(blob) < _HEADER.size + _CHECK_LEN:
        raise LexiconError("lexicon file is truncated")
    body, check = memoryview(blob)[:-_CHECK_LEN], blob[-_CHECK_LEN:]  # no copy of the body
    if blake2b(body, digest_size=_CHECK_LEN).digest() != check:
        raise LexiconError("lexicon file is damaged (checksum mismatch)")
    magic, source, nodes, edges, words, letters, zipf, *spelled = _HEADER.unpack_from(body)
    table, marks, before, starts, patches = spelled
    if magic != MAGIC:
        raise LexiconError("not a lexicon file of this version")
    if expect_source is not None and source != expect_source:
        raise LexiconError("lexicon file was built from another word list")
    width = mask_size(letters_in(body, letters))
    if (
        zipf not in (0, words)
        or marks not in (0, (words + 7) // 8)
        or len(body)
        != _HEADER.size
        + letters
        + width * nodes
        + 4 * (2 * nodes + edges)
        + zipf
        + table
        + marks
        + 4 * (before + starts)
        + patches
    ):
        raise LexiconError("lexicon file has the wrong length")
    offset = _HEADER.size
    try:
        alphabet = bytes(body[offset : offset + letters]).decode()
    except UnicodeDecodeError:
        raise LexiconError("lexicon file has a damaged alphabet") from None
    offset += letters
    mask = _array_from(body, offset, nodes, mask_typecode(len(alphabet)))
    offset += width * nodes
    first = _array_from(body, offset, nodes)
    kids = _array_from(body, offset + 4 * nodes, edges)
    count = _array_from(body, offset + 4 * (nodes + edges), nodes)
    zipf_at = offset + 4 * (2 * nodes + edges)
    zipf_bytes = bytes(body[zipf_at : zipf_at + zipf])
    offset = zipf_at + zipf
    try:
        table_text = bytes(body[offset : offset + table]).decode()
    except UnicodeDecodeError:
        raise LexiconError("lexicon file has a damaged spelling table") from None
    offset += table
    marks_bytes = bytes(body[offset : offset + marks])
    offset += marks
    before_counts = _array_from(body, offset, before)
    offset += 4 * before
    start_offsets = _array_from(body, offset, starts)
    offset += 4 * starts
    spellings = Spellings(
        table_text,
        marks_bytes,
        before_counts,
        start_offsets,
        bytes(body[offset : offset + patches]),
    )
    return Parts(source, alphabet, mask, first, kids, count, words, zipf_bytes, spellings)


def letters_in(body: memoryview, size: int) -> int:
    """How many letters the alphabet after the header has (its UTF-8 bytes are ``size``), so
    the masks' width is known before the length is checked; 0 when it is damaged."""
    try:
        return len(bytes(body[_HEADER.size : _HEADER.size + size]).decode())
    except UnicodeDecodeError:
        return 0


def _le_bytes(values: array[int]) -> bytes:
    if sys.byteorder == "little":
        return values.tobytes()
    swapped = array(values.typecode, values)
    swapped.byteswap()
    return swapped.tobytes()


def _array_from(blob: memoryview, offset: int, count: int, typecode: str = "I") -> array[int]:
    values = array(typecode)
    values.frombytes(blob[offset : offset + values.itemsize * count])
    if sys.byteorder != "little":
        values.byteswap()
    return values
