"""The letters a lexicon holds, and the error every part of the lexicon raises."""

from __future__ import annotations

ALPHABET = "abcdefghijklmnopqrstuvwxyz"  # the default: English
# A node's mask has one bit per letter and one for "a word ends here": 32 bits up to 31 letters
# (every language but Polish, whose 32 letters take 64-bit masks), 64 bits up to 63.
NARROW_LETTERS = 31
MAX_LETTERS = 63


class LexiconError(ValueError):
    """A word list or cache file that cannot be used; the message says why."""


def check_alphabet(alphabet: str) -> str:
    """``alphabet`` when a lexicon can hold it, else LexiconError saying why."""
    if not alphabet or len(set(alphabet)) != len(alphabet):
        raise LexiconError(f"alphabet {alphabet!r} must list distinct letters")
    if len(alphabet) > MAX_LETTERS:
        raise LexiconError(
            f"an alphabet of {len(alphabet)} letters is too long: a lexicon holds at most "
            f"{MAX_LETTERS} (one bit of a 64-bit mask each, and one for the end of a word)"
        )
    if not all(ch.isalpha() and ch == ch.lower() and len(ch) == 1 for ch in alphabet):
        raise LexiconError(f"alphabet {alphabet!r} must be lowercase letters")
    return alphabet


def mask_typecode(letters: int) -> str:
    """The array type of a lexicon's masks for an alphabet of ``letters`` letters: 32-bit words
    while they fit (the files of the 31-letter alphabets stay as they were), else 64-bit."""
    return "I" if letters <= NARROW_LETTERS else "Q"


def mask_size(letters: int) -> int:
    """Bytes a mask takes, on disk and in memory."""
    return 4 if letters <= NARROW_LETTERS else 8
