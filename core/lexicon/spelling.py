"""How the dictionary spells its words: the accented form of a folded word (``ete`` -> ``été``).

Only words whose spelling differs have one: a bit a word (by rank) says which, with counts every
64 words, and each spelling is a few patches over the folded word (two or three bytes a word);
every 16th word's start is indexed, so a look-up skips at most 15 words' patches.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from typing import NamedTuple

from core.lexicon.alphabet import LexiconError

BLOCK = 64  # words a count in ``before`` covers
STRIDE = 16  # spelled words between two indexed starts
_LAST = 0x80  # the top bit of a position: this pair ends the word's patches
_MAX_POSITION = 0x7F


class Spellings(NamedTuple):
    """A lexicon's spellings, as the cache file stores them (all empty: none)."""

    table: str  # entries "\0"-separated: a spelling character, then the letters it folds to
    marks: bytes  # bit ``rank`` set when the word of that rank has a spelling
    before: array[int]  # spelled words before each block of BLOCK ranks
    starts: array[int]  # the offset in ``patches`` of every STRIDE-th spelled word
    patches: bytes

    @property
    def entries(self) -> list[tuple[str, int]]:
        """The table as (character, number of folded letters it stands for)."""
        return [(e[0], len(e) - 1) for e in self.table.split("\0")] if self.table else []


NONE = Spellings("", b"", array("I"), array("I"), b"")


def encode_spellings(
    spelled: Iterable[tuple[int, str, str]], word_count: int, fold: Callable[[str], str | None]
) -> Spellings:
    """The spellings of ``(rank, folded word, spelling)`` triples; ``fold`` folds one character
    (the language's rule). LexiconError when a spelling does not fold to its word."""
    entries: dict[tuple[str, str], int] = {}
    marks = bytearray((word_count + 7) // 8)
    starts = array("I")
    patches = bytearray()
    kept = 0
    for rank, folded, spelling in sorted(spelled):
        pairs = _patches(folded, spelling, fold)
        if not pairs:
            continue
        if kept % STRIDE == 0:
            starts.append(len(patches))
        kept += 1
        marks[rank >> 3] |= 1 << (rank & 7)
        for i, (position, entry) in enumerate(pairs):
            code = entries.setdefault(entry, len(entries))
            if code > 0xFF:
                raise LexiconError("more than 256 distinct spelling characters")
            patches += bytes((position | (_LAST if i == len(pairs) - 1 else 0), code))
    if not patches:
        return NONE
    table = "\0".join(ch + letters for ch, letters in entries)
    return Spellings(table, bytes(marks), count_before(bytes(marks)), starts, bytes(patches))


def count_before(marks: bytes) -> array[int]:
    """For each block of BLOCK ranks, the marks set before it."""
    before = array("I")
    total = 0
    step = BLOCK // 8
    for at in range(0, len(marks), step):
        before.append(total)
        total += int.from_bytes(marks[at : at + step], "little").bit_count()
    return before


def spelling(spellings: Spellings, entries: list[tuple[str, int]], rank: int, word: str) -> str:
    """The spelling of ``word`` (the word of ``rank``), or ``word`` when it has none."""
    marks = spellings.marks
    if not marks:
        return word
    byte = marks[rank >> 3]
    bit = 1 << (rank & 7)
    if not byte & bit:
        return word
    block_start = (rank // BLOCK) * (BLOCK // 8)
    number = (
        spellings.before[rank // BLOCK]
        + int.from_bytes(marks[block_start : rank >> 3], "little").bit_count()
        + (byte & (bit - 1)).bit_count()
    )
    patches = spellings.patches
    at = spellings.starts[number // STRIDE]
    for _ in range(number % STRIDE):  # skip the words before it since the indexed start
        while not patches[at] & _LAST:
            at += 2
        at += 2
    out: list[str] = []
    done = 0
    while True:
        position, code = patches[at], patches[at + 1]
        start = position & _MAX_POSITION
        ch, width = entries[code]
        out += (word[done:start], ch)
        done = start + width
        if position & _LAST:
            break
        at += 2
    out.append(word[done:])
    return "".join(out)


def _patches(
    folded: str, spelling: str, fold: Callable[[str], str | None]
) -> list[tuple[int, tuple[str, str]]]:
    """Where ``spelling`` differs from ``folded``: (position, (character, letters it folds to)); a
    character the language drops (the Ukrainian apostrophe) folds to no letters."""
    pairs = []
    at = 0
    for ch in spelling:
        letters = fold(ch)
        if letters is None or folded[at : at + len(letters)] != letters:
            raise LexiconError(f"spelling {spelling!r} does not fold to {folded!r}")
        if letters != ch:
            if at > _MAX_POSITION:
                raise LexiconError(f"spelling {spelling!r} is too long")
            pairs.append((at, (ch, letters)))
        at += len(letters)
    if at != len(folded):
        raise LexiconError(f"spelling {spelling!r} does not fold to {folded!r}")
    return pairs
