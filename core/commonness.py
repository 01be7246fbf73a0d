"""How common a word is: named bands of Zipf frequency, the ``everyday`` rule, missed-word order.

Zipf is log10 of a word's uses per billion words (wordfreq's scale: 7 is "the", 3 once a million
words). ``everyday`` keeps a word at ``EVERYDAY_ZIPF`` or above; a word the frequency list lacks
is out. For the inflected languages the lexicon holds a word's family Zipf
(``data/words/build_lists.py``), since their use is spread over many forms.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from core.lexicon import Lexicon


class Band(StrEnum):
    VERY_COMMON = "very_common"
    COMMON = "common"
    EVERYDAY = "everyday"
    RARE = "rare"  # in the word list, known to the frequency list, below everyday
    UNKNOWN = "unknown"  # in the word list, unknown to the frequency list


EVERYDAY_ZIPF = 3.0
# Lowest Zipf of each band, most common first; below the last, a known word is RARE.
BAND_FLOORS: tuple[tuple[Band, float], ...] = (
    (Band.VERY_COMMON, 5.0),
    (Band.COMMON, 4.0),
    (Band.EVERYDAY, EVERYDAY_ZIPF),
)


def band(zipf: float) -> Band:
    """The band of a Zipf frequency (0 means the frequency list does not know the word)."""
    for name, floor in BAND_FLOORS:
        if zipf >= floor:
            return name
    return Band.RARE if zipf > 0 else Band.UNKNOWN


def band_of(word: str, lexicon: Lexicon) -> Band | None:
    """The band of a lexicon word, or None when it is not a word of the lexicon."""
    zipf = lexicon.zipf(word)
    return None if zipf is None else band(zipf)


def is_everyday(word: str, lexicon: Lexicon) -> bool:
    """Whether a word counts in the ``everyday`` dictionary (a word of the lexicon, common enough)."""
    zipf = lexicon.zipf(word)
    return zipf is not None and zipf >= EVERYDAY_ZIPF


def missed_order(words: Iterable[str], lexicon: Lexicon) -> list[str]:
    """Words most common first, then longer first, then alphabetical: a missed-word list that
    teaches words people know before obscure ones."""
    return sorted(words, key=lambda w: (-(lexicon.zipf(w) or 0.0), -len(w), w))


def everyday_lexicon(lexicon: Lexicon) -> Lexicon:
    """The everyday dictionary as a lexicon of its own, for a search that must score only its
    words (a round filters the full list's words instead). Empty without frequencies."""
    floor = round(EVERYDAY_ZIPF * 10)  # the lexicon keeps Zipf x 10, one byte a word
    zipf = lexicon.zipf_bytes
    words = [word for rank, word in enumerate(lexicon) if zipf and zipf[rank] >= floor]
    return Lexicon.from_words(words, alphabet=lexicon.alphabet)
