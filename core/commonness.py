"""How common a word is: named bands of Zipf frequency, the ``everyday`` rule, missed-word order.

Zipf frequency is log10 of a word's uses per billion words (wordfreq's scale): 7 is "the", 3 is
once a million words, 1 the rarest wordfreq lists. The lexicon holds one per word
(``Lexicon.zipf``); these thresholds are the only place the bands are defined.

The ``everyday`` dictionary keeps a word when its Zipf is at least ``EVERYDAY_ZIPF`` (3.0, once in
a million words): everyday short words ("cat" 4.8, "chat" 4.8, "gato" 4.6, "kuh" 4.0, "mop" 3.4)
are well above it; obscure words the lists accept ("qat" 1.9, "tog" 2.4, "ewe" 2.8, "ñu" 2.5) are
below it, and words the frequency list does not know ("zyzzyva", "zythum", "aalartig") are out.
For French, Spanish and German the lexicon's number is the word's *everyday* Zipf, judged by its
family at build time (data/words/build_lists.py ``family_zipf``: "mangeons" 2.9 counts as 3.8 by
its siblings), since those languages spread a word's use over many forms; bands and the
missed-word order read the same number, so ``/boggle check`` never calls an everyday word rare.
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
