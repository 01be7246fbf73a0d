"""The definitions index's format (core.definitions.index), read here by a reader of its own
written from the layout the module documents: records sorted by hash in compressed blocks, a
table of the blocks' first hashes, a lookup one ``pread`` of one block, nothing mapped."""

from __future__ import annotations

import itertools
import os
import struct
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from core.definitions import FormKind, PartOfSpeech, Reading, Sense
from core.definitions.index import BLOCK, MAGIC, Index, IndexFileError, build

KEY = bytes(range(32))
COLLIDING = ("ynxqql", "qryhibya")  # two words of one CRC-32


def readings_of(word: str, senses: int = 2, gloss_size: int = 40) -> tuple[Reading, ...]:
    """Made-up readings, different for every word."""
    own = Reading(word, None, tuple(
        Sense(PartOfSpeech.NOUN, f"{word} sense {n} " + "é" * (gloss_size // 2))
        for n in range(senses)
    ))  # fmt: skip
    return (own, Reading(f"{word}-lemma", FormKind.PLURAL, (Sense(PartOfSpeech.VERB, word),)))


def words(count: int) -> dict[str, tuple[Reading, ...]]:
    return {f"w{n}": readings_of(f"w{n}") for n in range(count)}


def write(tmp_path: Path, records: dict[str, tuple[Reading, ...]]) -> Path:
    path = tmp_path / "index.defs"
    path.write_bytes(build(records.items(), KEY))
    return path


def parse(blob: bytes) -> tuple[list[int], list[int], list[list[tuple[int, bytes]]]]:
    """The table and each block's records (hash, word), read by the documented layout."""
    magic, key, count, length = struct.unpack_from("<8s32sII", blob, 0)
    assert (magic, key) == (b"BGLDEFS3", KEY)
    firsts = list(struct.unpack_from(f"<{count}I", blob, 48))
    ends = list(struct.unpack_from(f"<{count + 1}I", blob, 48 + 4 * count))
    dictionary = blob[48 + 4 * (2 * count + 1) :][:length]
    assert ends[0] == 48 + 4 * (2 * count + 1) + length and ends[-1] == len(blob)
    blocks = []
    for start, end in itertools.pairwise(ends):
        plain = zlib.decompressobj(-15, zdict=dictionary).decompress(blob[start:end])
        records, cursor = [], 0
        while cursor < len(plain):
            hashed, size = struct.unpack_from("<II", plain, cursor)
            word = plain[cursor + 9 : cursor + 9 + plain[cursor + 8]]
            records.append((hashed, word))
            cursor += 8 + size
        assert cursor == len(plain)
        blocks.append(records)
    return firsts, ends, blocks


def test_the_layout(tmp_path: Path) -> None:
    records = words(3000)
    firsts, _, blocks = parse(write(tmp_path, records).read_bytes())
    assert len(blocks) > 20
    assert firsts == [block[0][0] for block in blocks]
    everything = [record for block in blocks for record in block]
    assert everything == sorted(everything)
    assert sorted(word.decode() for _, word in everything) == sorted(records)
    assert all(hashed == zlib.crc32(word) for hashed, word in everything)
    assert len({hashed for block in blocks for hashed, _ in block[:1]}) == len(blocks)


def test_the_same_input_builds_the_same_bytes() -> None:
    records = words(500)
    assert build(records.items(), KEY) == build(reversed(records.items()), KEY)


def test_a_lookup_is_one_read_of_one_block(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = words(3000)
    path = write(tmp_path, records)
    index = Index(path, KEY)
    reads: list[int] = []
    real: Callable[[int, int, int], bytes] = os.pread

    def counted(fd: int, size: int, offset: int) -> bytes:
        reads.append(size)
        return real(fd, size, offset)

    monkeypatch.setattr(os, "pread", counted)
    for word, expected in records.items():
        assert index.readings(word) == expected
    assert index.readings("nothing") == ()
    assert len(reads) == len(records) + 1
    assert max(reads) < BLOCK  # compressed: a block is less than a page on disk
    index.close()


def test_the_index_is_read_not_mapped(tmp_path: Path) -> None:
    path = write(tmp_path, words(200))
    index = Index(path, KEY)
    assert index.readings("w7") == readings_of("w7")
    assert str(path) not in Path("/proc/self/maps").read_text()
    index.close()


def test_one_hash_never_spans_two_blocks(tmp_path: Path) -> None:
    records = words(400)
    big = BLOCK * 2 // 3  # two of them overflow a block: they must share one all the same
    for word in COLLIDING:
        records[word] = readings_of(word, senses=1, gloss_size=big)
    _, _, blocks = parse(write(tmp_path, records).read_bytes())
    hashed = zlib.crc32(COLLIDING[0].encode())
    assert hashed == zlib.crc32(COLLIDING[1].encode())
    holding = [n for n, block in enumerate(blocks) if any(h == hashed for h, _ in block)]
    assert len(holding) == 1 and len([h for h, _ in blocks[holding[0]] if h == hashed]) == 2
    index = Index(write(tmp_path, records), KEY)
    for word in COLLIDING:
        assert index.readings(word) == records[word]
    index.close()


def test_a_record_larger_than_a_block(tmp_path: Path) -> None:
    records = words(300)
    records["huge"] = readings_of("huge", senses=6, gloss_size=BLOCK)
    index = Index(write(tmp_path, records), KEY)
    assert index.readings("huge") == records["huge"]
    assert index.readings("w1") == records["w1"]
    index.close()


def test_an_empty_index_answers_nothing(tmp_path: Path) -> None:
    index = Index(write(tmp_path, {}), KEY)
    assert index.readings("walk") == ()
    index.close()


def test_a_damaged_or_foreign_index_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, words(300))
    with pytest.raises(IndexFileError):
        Index(path, bytes(32))
    blob = path.read_bytes()
    for damaged in (blob[:-1], blob[:40], b"", MAGIC.lower() + blob[8:]):
        path.write_bytes(damaged)
        with pytest.raises(IndexFileError):
            Index(path, KEY)
