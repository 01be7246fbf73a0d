"""The Finnish and Turkish sources (imported by build_lists.py): their word forms, and the check
of a sample of the lists against a spell checker (``check`` command). See README.md.

Turkish: npm ``dictionary-tr`` 2.0.0, a Hunspell dictionary whose affix file holds 6,627
one-suffix classes (``FLAG num``, no stripping, no condition, no prefixes, no compounding): a
form is an entry plus one suffix of its flags, as Hunspell's ``unmunch`` makes them. Finnish: npm
``@cspell/dict-fi-fi`` 1.1.3, the forms of a Finnish Hunspell dictionary already expanded, in
cspell's trie format (read by ``cspell_trie.mjs`` with node). Both keep only entries written in
lowercase: a capital marks a name (İstanbul, Helsinki) or an abbreviation (ABD).
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLE = 2000  # words of each list checked by ``check``
SEED = "agglutinative check"


def turkish_affixes(aff: str) -> dict[str, str]:
    """Each suffix flag of the affix file and what it appends; ValueError for a rule this reading
    does not follow (a prefix, a strip, a condition, a continuation class)."""
    suffixes = {}
    for line in aff.splitlines():
        parts = line.split()
        if parts[:1] == ["PFX"]:
            raise ValueError(f"a prefix: {line!r}")
        if parts[:1] != ["SFX"] or len(parts) < 5:
            continue
        flag, strip, add, condition = parts[1:5]
        if strip != "0" or condition != "." or "/" in add:
            raise ValueError(f"not a plain suffix: {line!r}")
        suffixes[flag] = add
    return suffixes


def turkish_words(directory: Path) -> list[str]:
    """dictionary-tr's forms of its lowercase entries: each entry, and the entry with each
    suffix its flags name."""
    suffixes = turkish_affixes((directory / "index.aff").read_text(encoding="utf-8"))
    lines = (directory / "index.dic").read_text(encoding="utf-8").splitlines()[1:]
    forms = []
    for line in lines:
        entry, _, flags = line.partition("/")
        if not entry or entry[0] != _turkish_lower(entry[0]):
            continue
        forms.append(entry)
        forms += [entry + suffixes[flag] for flag in flags.split(",") if flag]
    return forms


def _turkish_lower(text: str) -> str:
    from core.languages import language

    return language("tr").casing.lower(text)


def finnish_words(directory: Path) -> list[str]:
    """@cspell/dict-fi-fi's forms written in lowercase (its ``~`` entries are its own accent-free
    variants: left out). Runs ``node cspell_trie.mjs`` in the current folder, where
    cspell-trie-lib 9.7.0 is installed."""
    trie = directory / "dict" / "fi-fi.trie.gz"
    listed = subprocess.run(
        ["node", str(HERE / "cspell_trie.mjs"), str(trie)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return [w for w in listed if not w.startswith("~") and w == w.lower()]


def turkish_checker(directory: Path) -> Callable[[str], bool]:
    """dictionary-tr's own verdict on a word, by spylls (pure-Python Hunspell)."""
    from spylls.hunspell import Dictionary  # only in the throwaway build venv

    dictionary = Dictionary.from_files(str(directory / "index"))
    return lambda word: bool(dictionary.lookup(word))


def finnish_checker(_directory: Path) -> Callable[[str], bool]:
    """Voikko's verdict (Debian python3-libvoikko and voikko-fi): the Finnish spell checker of
    LibreOffice and Firefox, made from another lexicon than the list (Joukahainen)."""
    import libvoikko  # type: ignore[import-not-found]  # Debian's, for /usr/bin/python3

    voikko = libvoikko.Voikko("fi")
    return lambda word: bool(voikko.spell(word))


def check(sources: dict[str, Path]) -> None:
    """For each of Finnish and Turkish given: how many of ``SAMPLE`` words drawn (seeded) from
    ``<code>.txt``, each in the dictionary's spelling (``<code>-spellings.txt``), the spell
    checker accepts, and the ones it refuses."""
    from core.languages import language
    from core.lexicon.sources import read_word_text

    for code, directory in sources.items():
        lang = language(code)
        path = lang.spellings_file
        lines = read_word_text(path).split() if path is not None else []
        spelled = {lang.fold(line): line for line in lines}
        words = sorted(lang.read_words().split())
        sample = [spelled.get(w, w) for w in random.Random(SEED).sample(words, SAMPLE)]
        accepts = {"tr": turkish_checker, "fi": finnish_checker}[code](directory)
        refused = [w for w in sample if not accepts(w)]
        print(f"{code}.txt: the spell checker accepts {SAMPLE - len(refused)} of {SAMPLE}")
        print("refused:", " ".join(refused))
