"""The lexicon: a DAWG (a trie whose common suffixes are shared) in flat integer arrays.

Node ``n``'s ``mask`` has bit ``k`` set when letter ``k`` leads to a child, and the ``terminal``
bit when its path spells a word; the child for letter ``k`` is
``kids[first[n] + popcount(mask[n] & ((1 << k) - 1))]``. Masks are 32-bit up to 31 letters and
64-bit above (Polish has 32). ``count`` summed along a path is the word's rank (a minimal perfect
hash), which indexes ``zipf``: the word's Zipf frequency times ten, one byte. Callers import from
``core.lexicon``.
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
