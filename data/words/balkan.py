"""The sources of the Bulgarian and Greek lists (issue 39; imported by build_lists.py): which file
of which Debian package, how each list is bounded, and the family endings of their everyday Zipf.
data/words/README.md says why each was chosen.

Both are plain lists of word forms, read whole: Bulgarian is Debian's ``wbulgarian`` (bgoffice,
UTF-8), Greek the .dic of Debian's ``hunspell-el``, which spells out every form and names no affix
(ISO-8859-7, its first line the count). Every list keeps only forms written all in lowercase (a
capital marks a name or an abbreviation), folded by ``core.languages``, of 2 to ``MAX_LETTERS``
letters unless wordfreq knows the word. The Bulgarian list is checked against ``hunspell-bg``'s
own spell check, unpacked into the same folder (``check``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from offensive import words_of

# The list of each language inside its unpacked Debian package (dpkg-deb -x), its encoding, and
# how many lines to skip before the words.
PLAIN = {
    "bg": ("usr/share/dict/bulgarian", "utf-8", 0),  # wbulgarian
    "el": ("usr/share/hunspell/el_GR.dic", "iso-8859-7", 1),  # hunspell-el
}
# The Hunspell dictionary each list is checked against, unpacked into the same folder.
HUNSPELL = {"bg": "usr/share/hunspell/bg_BG", "el": "usr/share/hunspell/el_GR"}
# The longest words kept: as the Nordic lists (nordic.py), longer forms are almost never on a
# board, and the bound holds each list near 2 MB packed; a longer word wordfreq knows is kept.
MAX_LETTERS = {"bg": 14, "el": 14}


def frequent(lang: Any) -> set[str]:
    """The folded words of wordfreq's list of the language (only ``small`` for both); needs
    wordfreq, in the build venv."""
    import wordfreq

    return {w for w in map(lang.fold, wordfreq.get_frequency_dict(lang.code, "small")) if w}


def source_forms(code: str, directory: Path) -> list[str]:
    """The lowercase entries of the language's list in the unpacked package ``directory``."""
    name, encoding, skipped = PLAIN[code]
    lines = (directory / name).read_text(encoding=encoding).splitlines()[skipped:]
    return [w for w in (line.strip() for line in lines) if w and w == w.lower()]


def check(sources: dict[str, Path], sample: int) -> None:
    """``build_lists.py check``: a seeded sample of each list against its Hunspell dictionary."""
    import hunspell  # beside this file; needs spylls

    for code, directory in sources.items():
        if code not in HUNSPELL:
            continue
        dic = hunspell.dictionary(directory / HUNSPELL[code])
        accepted, drawn, refused = hunspell.check(dic, source_forms(code, directory), sample)
        print(f"{code}: {accepted} of {drawn} sampled forms accepted; refused: {refused[:20]}")


# Folded forms (no stress marks; Greek final sigma as σ).
FAMILY_ENDINGS = {
    "bg": words_of(
        "а я о е и ове ища та то те ът ят ия ите ата ото ета "  # nouns, the article
        "ен на но ни ия ият ата ото ите ски ска ско "  # adjectives
        "ам аш а аме ате ат ям яш я яме яте ят ем еш е еме ете ат им иш и име ите ят "  # present
        "ах а ахме ахте аха их ихме ихте иха ал ала ало али ан ана ано ани ащ ейки"  # past
    ),
    "el": words_of(
        "οσ ου ο ε οι ων ουσ α ασ εσ η ησ ι ια ιου ιων ια "  # nouns, adjectives
        "ω εισ ει ουμε ετε ουν α εσ ε αμε ατε αν σω σεισ σει σουμε σετε σουν "  # active
        "ομαι εσαι εται ομαστε εστε ονται ηκα ηκε ηκαν μενοσ μενη μενο"  # passive
    ),
}
