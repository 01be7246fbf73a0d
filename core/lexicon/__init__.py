"""The lexicon: a DAWG (a trie whose common suffixes are shared) in flat integer arrays.

Each lexicon has its own alphabet (``en``: a-z; ``es``: a-z and ñ; any string of up to
``MAX_LETTERS`` distinct lowercase letters). Node ``n`` has ``mask[n]``: bit ``k`` set when letter
``k`` of the alphabet leads to a child, bit ``len(alphabet)`` (``lexicon.terminal``) set when the
path to ``n`` spells a word. Its children sit in ``kids[first[n]:]`` in letter order, so the child
for letter ``k`` is ``kids[first[n] + popcount(mask[n] & ((1 << k) - 1))]``: one look-up, no search.
Masks are 32-bit up to 31 letters and 64-bit above (Polish's 32), so an alphabet holds at most 63. Arrays load straight from bytes, which is
what makes a cached lexicon ready in milliseconds.

``count[n]`` is the number of words at or below node ``n``: summed along a word's path it gives
the word's index (its rank in alphabet order, a minimal perfect hash), which indexes ``zipf``, one
byte a word: the word's Zipf frequency times ten, 0 when unknown (``core.commonness`` names bands).

Words are kept to the lexicon's letters (the language's ``fold`` made them so). A word with a ``q``
not followed by ``u`` stays in the lexicon but no standard die can spell it: every ``Q`` face is
``Qu``; only a board with a plain ``[q]`` face can.

The parts, each a module of this package: ``dawg`` (the ``Lexicon`` class and its queries),
``builder`` (building the arrays from words), ``fileformat`` (the compiled file's bytes),
``sources`` (reading word lists, frequency and spellings files, and their digest), ``spelling``
(the dictionary's accented spelling of folded words, ``Lexicon.spelling``), ``cache`` (loading
through the on-disk cache). Callers import from ``core.lexicon``.
"""

from __future__ import annotations

from core.lexicon.alphabet import ALPHABET, MAX_LETTERS, LexiconError, check_alphabet
from core.lexicon.cache import cache_file, cached, default_cache_dir, load, write_atomically
from core.lexicon.dawg import Lexicon, LexiconStats
from core.lexicon.sources import read_frequencies, source_digest

__all__ = [
    "ALPHABET",
    "MAX_LETTERS",
    "Lexicon",
    "LexiconError",
    "LexiconStats",
    "cache_file",
    "cached",
    "check_alphabet",
    "default_cache_dir",
    "load",
    "read_frequencies",
    "source_digest",
    "write_atomically",
]
