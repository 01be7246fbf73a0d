"""The on-disk index of a language's definitions: an open-addressing hash table over the folded
words, read through mmap, so nothing is held in memory and a lookup is one probe.

Every form is resolved when the index is built (``core.definitions.resolve``): a word's record
holds its readings whole (lemma, form, senses), so a cold lookup reads the slot's page and the
record's page, and no other.

Layout (little-endian): ``MAGIC``, the 32-byte cache key, the slot count (a power of two), then
two u32 a slot (the key's CRC-32, then its record's offset; offset 0 for an empty slot), then the
records. A record: u8 key length, the key (UTF-8), u8 reading count, then per reading a u8 form
code (0: the word's own entry; else 1 + the FormKind's position), u8 lemma length, the lemma, u8
sense count, and per sense a u8 part-of-speech code and a u16-length gloss. A slot's CRC-32 spares
reading the record of another key on a collision.
"""

from __future__ import annotations

import mmap
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path

from core.definitions.model import FormKind, PartOfSpeech, Reading, Sense

MAGIC = b"BGLDEFS2"
HEADER = struct.Struct("<8s32sI")
SLOT = struct.Struct("<II")
GLOSS_LENGTH = struct.Struct("<BH")
POS_CODES = tuple(PartOfSpeech)
KINDS = tuple(FormKind)


class IndexFileError(Exception):
    """An index file that is not one, or not the one for these sources."""


def build(records: Iterable[tuple[str, Iterable[Reading]]], key: bytes) -> bytes:
    """The index of these words' resolved readings; ``key`` (32 bytes) names the data and the
    lexicon it was built from."""
    entries = [(word.encode(), _record(word, readings)) for word, readings in records]
    slots = 1 << max(4, (2 * len(entries)).bit_length())
    base = HEADER.size + SLOT.size * slots
    table = [0] * (2 * slots)
    body = bytearray()
    for raw, record in entries:
        crc = zlib.crc32(raw)
        at = crc & (slots - 1)
        while table[2 * at + 1]:
            at = (at + 1) & (slots - 1)
        table[2 * at], table[2 * at + 1] = crc, base + len(body)
        body += record
    return HEADER.pack(MAGIC, key, slots) + struct.pack(f"<{2 * slots}I", *table) + body


def _record(word: str, readings: Iterable[Reading]) -> bytes:
    raw = word.encode()
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
    """An index file, mapped read-only; pages are read on first touch and shared between
    processes through the page cache."""

    def __init__(self, path: Path, key: bytes) -> None:
        with open(path, "rb") as file:
            try:
                self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file
                raise IndexFileError(f"{path}: empty") from None
        if len(self._map) < HEADER.size:
            raise IndexFileError(f"{path}: too short")
        magic, found, self._slots = HEADER.unpack_from(self._map, 0)
        if magic != MAGIC or found != key or self._slots & (self._slots - 1):
            raise IndexFileError(f"{path}: not the index of these sources")
        if len(self._map) < HEADER.size + SLOT.size * self._slots:
            raise IndexFileError(f"{path}: truncated")

    def close(self) -> None:
        self._map.close()

    def readings(self, key: str) -> tuple[Reading, ...]:
        """The word's readings as resolved at build (none for a word without an entry)."""
        raw = key.encode()
        mapped, mask = self._map, self._slots - 1
        crc = zlib.crc32(raw)
        at = crc & mask
        while True:
            found, offset = SLOT.unpack_from(mapped, HEADER.size + SLOT.size * at)
            if not offset:
                return ()
            if found == crc and mapped[offset + 1 : offset + 1 + mapped[offset]] == raw:
                break
            at = (at + 1) & mask
        cursor = offset + 1 + len(raw)
        count, cursor = mapped[cursor], cursor + 1
        readings = []
        for _ in range(count):
            code, length = mapped[cursor], mapped[cursor + 1]
            cursor += 2
            lemma = mapped[cursor : cursor + length].decode()
            cursor += length
            senses = []
            sense_count, cursor = mapped[cursor], cursor + 1
            for _ in range(sense_count):
                pos, size = GLOSS_LENGTH.unpack_from(mapped, cursor)
                cursor += GLOSS_LENGTH.size
                senses.append(Sense(POS_CODES[pos], mapped[cursor : cursor + size].decode()))
                cursor += size
            readings.append(Reading(lemma, KINDS[code - 1] if code else None, tuple(senses)))
        return tuple(readings)
