"""The on-disk index of a language's definitions: an open-addressing hash table over the folded
keys, read through mmap, so a lookup touches two or three pages and nothing is held in memory.

Layout (little-endian): ``MAGIC``, the 32-byte source digest, the slot count (a power of two),
then one u32 a slot (a key record's offset, 0 for an empty slot), then the records and blocks.
A key record: u8 key length, the key (UTF-8), u8 reading count, then per reading the u32 offset
of a lemma block and a u8 form code (0: the key's own entry; else 1 + the FormKind's position).
A lemma block: u8 lemma length, the lemma, u8 sense count, then per sense a u8 part-of-speech
code and a u16-length gloss. Keys are hashed with CRC-32 and probed linearly.
"""

from __future__ import annotations

import mmap
import struct
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

from core.definitions.model import FormKind, PartOfSpeech, Sense

MAGIC = b"BGLDEFS1"
HEADER = struct.Struct("<8s32sI")
SLOT = struct.Struct("<I")
READING = struct.Struct("<IB")
GLOSS_LENGTH = struct.Struct("<BH")
MAX_SENSES = 6  # a lemma's senses kept in the index (a lookup shows fewer)
POS_CODES = tuple(PartOfSpeech)
KINDS = tuple(FormKind)


class IndexFileError(Exception):
    """An index file that is not one, or not the one for these sources."""


def build(
    fold: Callable[[str], str | None],
    glosses: Iterable[tuple[str, PartOfSpeech, str]],
    forms: Iterable[tuple[str, FormKind, str]],
    source_digest: bytes,
) -> bytes:
    """The index of these senses and forms, keyed by ``fold`` of each lemma and form (entries
    whose lemma or form does not fold are left out)."""
    senses: dict[str, list[tuple[PartOfSpeech, str]]] = {}
    for lemma, pos, gloss in glosses:
        kept = senses.setdefault(lemma, [])
        if len(kept) < MAX_SENSES and (pos, gloss) not in kept:
            kept.append((pos, gloss))
    body = bytearray()
    blocks: dict[str, int] = {}
    readings: dict[str, list[tuple[int, int]]] = {}
    for lemma, kept in senses.items():
        key = fold(lemma)
        if key is None:
            continue
        blocks[lemma] = len(body)
        body += _block(lemma, kept)
        readings.setdefault(key, []).append((blocks[lemma], 0))
    for lemma, kind, form in forms:
        key, block = fold(form), blocks.get(lemma)
        if key is not None and block is not None:
            reading = (block, KINDS.index(kind) + 1)
            if reading not in readings.setdefault(key, []):
                readings[key].append(reading)
    slots = 1 << max(4, (2 * len(readings)).bit_length())
    base = HEADER.size + SLOT.size * slots
    table = [0] * slots
    records = bytearray()
    for key, found in readings.items():
        raw = key.encode()
        at = zlib.crc32(raw) & (slots - 1)
        while table[at]:
            at = (at + 1) & (slots - 1)
        table[at] = base + len(body) + len(records)
        records += bytes((len(raw),)) + raw + bytes((min(len(found), 255),))
        for block, code in found[:255]:
            records += READING.pack(base + block, code)
    out = bytearray(HEADER.pack(MAGIC, source_digest, slots))
    out += struct.pack(f"<{slots}I", *table)
    return bytes(out + body + records)


def _block(lemma: str, senses: list[tuple[PartOfSpeech, str]]) -> bytes:
    raw = lemma.encode()
    out = bytearray((len(raw),)) + raw + bytes((len(senses),))
    for pos, gloss in senses:
        text = gloss.encode()[:65535]
        out += GLOSS_LENGTH.pack(POS_CODES.index(pos), len(text)) + text
    return bytes(out)


class Index:
    """An index file, mapped read-only; pages are read on first touch and shared between
    processes through the page cache."""

    def __init__(self, path: Path, source_digest: bytes) -> None:
        with open(path, "rb") as file:
            try:
                self._map = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            except ValueError:  # an empty file
                raise IndexFileError(f"{path}: empty") from None
        if len(self._map) < HEADER.size:
            raise IndexFileError(f"{path}: too short")
        magic, found, self._slots = HEADER.unpack_from(self._map, 0)
        if magic != MAGIC or found != source_digest or self._slots & (self._slots - 1):
            raise IndexFileError(f"{path}: not the index of these sources")
        if len(self._map) < HEADER.size + SLOT.size * self._slots:
            raise IndexFileError(f"{path}: truncated")

    def close(self) -> None:
        self._map.close()

    def readings(self, key: str) -> list[tuple[int, FormKind | None]]:
        """The key's readings: (lemma block offset, form kind or None for its own entry)."""
        raw = key.encode()
        mapped, mask = self._map, self._slots - 1
        at = zlib.crc32(raw) & mask
        while True:
            (offset,) = SLOT.unpack_from(mapped, HEADER.size + SLOT.size * at)
            if not offset:
                return []
            length = mapped[offset]
            if mapped[offset + 1 : offset + 1 + length] == raw:
                break
            at = (at + 1) & mask
        where = offset + 1 + length
        found = []
        for n in range(mapped[where]):
            block, code = READING.unpack_from(mapped, where + 1 + READING.size * n)
            found.append((block, KINDS[code - 1] if code else None))
        return found

    def block(self, offset: int) -> tuple[str, tuple[Sense, ...]]:
        """A lemma block: the lemma as spelled and its senses."""
        mapped = self._map
        length = mapped[offset]
        lemma = mapped[offset + 1 : offset + 1 + length].decode()
        cursor = offset + 1 + length
        count = mapped[cursor]
        cursor += 1
        senses = []
        for _ in range(count):
            pos, size = GLOSS_LENGTH.unpack_from(mapped, cursor)
            cursor += GLOSS_LENGTH.size
            senses.append(Sense(POS_CODES[pos], mapped[cursor : cursor + size].decode()))
            cursor += size
        return lemma, tuple(senses)
