"""The on-disk index of a language's definitions: hash-sorted records in compressed blocks.

A table of the blocks' first hashes stays in memory; a lookup reads its block with one ``pread``
(no mmap: the index's pages stay in the page cache, out of the bot's resident memory). Every form
is resolved at build time (``core.definitions.resolve``), so a record holds a word's readings
whole. Layout (little-endian): ``HEADER``, the blocks' first hashes and offsets, a zlib preset
dictionary, then the blocks (raw deflate of records in hash order, a hash never split across two);
a record's bytes are ``_record``'s.
"""

from __future__ import annotations

import os
import struct
import sys
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Iterable
from pathlib import Path

from core.definitions.model import FormKind, PartOfSpeech, Reading, Sense

MAGIC = b"BGLDEFS3"
HEADER = struct.Struct("<8s32sII")
RECORD = struct.Struct("<II")  # hash, length of the rest
GLOSS_LENGTH = struct.Struct("<BH")
BLOCK = 4096  # uncompressed bytes a block holds (about 1.6 KB on disk: one page read)
DICTIONARY = 32768  # zlib's window: a longer preset dictionary is not used
DICTIONARY_SAMPLES = 512  # records sampled, evenly over the hash order, into the dictionary
WBITS = -15  # raw deflate: no zlib header nor checksum a block
POS_CODES = tuple(PartOfSpeech)
KINDS = tuple(FormKind)


class IndexFileError(Exception):
    """An index file that is not one, or not the one for these sources."""


def word_hash(raw: bytes) -> int:
    """A word's place in the index: the CRC-32 of its UTF-8 bytes."""
    return zlib.crc32(raw)


def build(records: Iterable[tuple[str, Iterable[Reading]]], key: bytes) -> bytes:
    """The index of these words' resolved readings; ``key`` (32 bytes) names the data and the
    lexicon it was built from."""
    entries = sorted(
        (word_hash(raw), raw, _record(raw, readings))
        for raw, readings in ((word.encode(), readings) for word, readings in records)
    )
    packed = [RECORD.pack(hashed, len(body)) + body for hashed, _, body in entries]
    step = max(1, len(packed) // DICTIONARY_SAMPLES)
    dictionary = b"".join(packed[::step])[-DICTIONARY:]
    firsts, ends, blocks = array("I"), array("I"), []
    plain, last = bytearray(), -1
    for (hashed, _, _), record in zip(entries, packed, strict=True):
        if plain and len(plain) + len(record) > BLOCK and hashed != last:
            blocks.append(_deflate(plain, dictionary))
            plain = bytearray()
        if not plain:
            firsts.append(hashed)
        plain += record
        last = hashed
    if plain:
        blocks.append(_deflate(plain, dictionary))
    offset = HEADER.size + 4 * (2 * len(blocks) + 1) + len(dictionary)
    ends.append(offset)
    for block in blocks:
        offset += len(block)
        ends.append(offset)
    if offset >= 1 << 32:
        raise ValueError("a definitions index of 4 GB or more")
    return b"".join(
        (
            HEADER.pack(MAGIC, key, len(blocks), len(dictionary)),
            _little(firsts),
            _little(ends),
            dictionary,
            *blocks,
        )
    )


def _deflate(plain: bytearray, dictionary: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, WBITS, zdict=dictionary)
    return compressor.compress(plain) + compressor.flush()


def _little(values: array[int]) -> bytes:
    if sys.byteorder == "big":
        values = array("I", values)
        values.byteswap()
    return values.tobytes()


def _record(raw: bytes, readings: Iterable[Reading]) -> bytes:
    kept = list(readings)[:255]
    out = bytearray((len(raw),)) + raw + bytes((len(kept),))
    for reading in kept:
        lemma = reading.lemma.encode()
        code = 0 if reading.form is None else KINDS.index(reading.form) + 1
        out += bytes((code, len(lemma))) + lemma + bytes((min(len(reading.senses), 255),))
        for sense in reading.senses[:255]:
            text = sense.gloss.encode()[:65535]
            out += GLOSS_LENGTH.pack(POS_CODES.index(sense.pos), len(text)) + text
    return bytes(out)


class Index:
    """An index file, open for ``pread``: the table and the dictionary are read at opening (a
    few dozen KB), a lookup reads one block. Thread-safe."""

    def __init__(self, path: Path, key: bytes) -> None:
        self._fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        try:
            self._firsts, self._ends, self._dictionary = _read_table(self._fd, path, key)
        except BaseException:
            os.close(self._fd)
            raise
        if hasattr(os, "posix_fadvise"):  # a block's read brings that block, no read-ahead
            os.posix_fadvise(self._fd, 0, 0, os.POSIX_FADV_RANDOM)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def readings(self, key: str) -> tuple[Reading, ...]:
        """The word's readings as resolved at build (none for a word without an entry)."""
        raw = key.encode()
        hashed = word_hash(raw)
        at = bisect_right(self._firsts, hashed) - 1
        if at < 0:
            return ()
        start = self._ends[at]
        block = os.pread(self._fd, self._ends[at + 1] - start, start)
        data = zlib.decompressobj(WBITS, zdict=self._dictionary).decompress(block)
        cursor = 0
        while cursor < len(data):
            found, length = RECORD.unpack_from(data, cursor)
            cursor += RECORD.size
            if found > hashed:
                return ()
            if found == hashed and data[cursor + 1 : cursor + 1 + data[cursor]] == raw:
                return _readings(data, cursor + 1 + len(raw))
            cursor += length
        return ()


def _read_table(fd: int, path: Path, key: bytes) -> tuple[array[int], array[int], bytes]:
    """The blocks' first hashes and offsets and the dictionary, checked against the file."""
    head = os.pread(fd, HEADER.size, 0)
    if len(head) < HEADER.size:
        raise IndexFileError(f"{path}: too short")
    magic, found, count, length = HEADER.unpack(head)
    if magic != MAGIC or found != key:
        raise IndexFileError(f"{path}: not the index of these sources")
    size = 4 * (2 * count + 1) + length
    table = os.pread(fd, size, HEADER.size)
    if len(table) < size:
        raise IndexFileError(f"{path}: truncated")
    firsts, ends = array("I", table[: 4 * count]), array("I", table[4 * count : size - length])
    if sys.byteorder == "big":
        firsts.byteswap()
        ends.byteswap()
    if ends[0] != HEADER.size + size or ends[-1] != os.fstat(fd).st_size:
        raise IndexFileError(f"{path}: truncated or damaged")
    return firsts, ends, table[size - length :]


def _readings(data: bytes, cursor: int) -> tuple[Reading, ...]:
    """The readings of the record whose reading count is at ``cursor``."""
    count, cursor = data[cursor], cursor + 1
    readings = []
    for _ in range(count):
        code, length = data[cursor], data[cursor + 1]
        cursor += 2
        lemma = data[cursor : cursor + length].decode()
        cursor += length
        senses = []
        sense_count, cursor = data[cursor], cursor + 1
        for _ in range(sense_count):
            pos, size = GLOSS_LENGTH.unpack_from(data, cursor)
            cursor += GLOSS_LENGTH.size
            senses.append(Sense(POS_CODES[pos], data[cursor : cursor + size].decode()))
            cursor += size
        readings.append(Reading(lemma, KINDS[code - 1] if code else None, tuple(senses)))
    return tuple(readings)
