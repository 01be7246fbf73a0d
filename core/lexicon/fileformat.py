"""The compiled lexicon on disk: a header, the arrays as little-endian 32-bit words, the Zipf
bytes, and a BLAKE2b check over all of it. The arrays load straight from these bytes, which is
what makes a cached lexicon ready in milliseconds; a torn or damaged file fails its check."""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array
from typing import NamedTuple

from .alphabet import LexiconError

MAGIC = b"BGLDAWG2"
# magic, source sha256, nodes, edges, words, alphabet bytes (UTF-8), zipf bytes (0 or words)
_HEADER = struct.Struct("<8s32sIIIII")
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


def encode(parts: Parts) -> bytes:
    """The file's bytes."""
    letters = parts.alphabet.encode()
    header = _HEADER.pack(
        MAGIC,
        parts.source_hash,
        len(parts.mask),
        len(parts.kids),
        parts.words,
        len(letters),
        len(parts.zipf),
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
        )
    )
    return body + hashlib.blake2b(body, digest_size=_CHECK_LEN).digest()


def decode(blob: bytes, expect_source: bytes | None = None) -> Parts:
    """The parts of a file; LexiconError if it is damaged or built from other words."""
    if len(blob) < _HEADER.size + _CHECK_LEN:
        raise LexiconError("lexicon file is truncated")
    body, check = memoryview(blob)[:-_CHECK_LEN], blob[-_CHECK_LEN:]  # no copy of the body
    if hashlib.blake2b(body, digest_size=_CHECK_LEN).digest() != check:
        raise LexiconError("lexicon file is damaged (checksum mismatch)")
    magic, source, nodes, edges, words, letters, zipf = _HEADER.unpack_from(body)
    if magic != MAGIC:
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
    zipf_bytes = bytes(body[zipf_at : zipf_at + zipf])
    return Parts(source, alphabet, mask, first, kids, count, words, zipf_bytes)


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
