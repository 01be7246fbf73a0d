"""The letters a lexicon holds, and the error every part of the lexicon raises."""

from __future__ import annotations

ALPHABET = "abcdefghijklmnopqrstuvwxyz"  # the default: English
MAX_LETTERS = 31  # a node's mask is 32 bits: one per letter and one for "a word ends here"


class LexiconError(ValueError):
    """A word list or cache file that cannot be used; the message says why."""


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
