"""What words mean, offline: per-language definitions from data/definitions/ (WordNet for
English, Wiktionary for French and German; Spanish has none), with inflected forms led to their
lemma ("geese": plural of "goose"). ``Definitions.open(language).lookup(word)``; pure, lazy, and
light on memory (data/definitions/README.md)."""

from core.definitions.lookup import Definitions
from core.definitions.model import (
    Entry,
    FormKind,
    Lookup,
    NoDefinition,
    NotAWord,
    PartOfSpeech,
    Reading,
    Sense,
)

__all__ = [
    "Definitions",
    "Entry",
    "FormKind",
    "Lookup",
    "NoDefinition",
    "NotAWord",
    "PartOfSpeech",
    "Reading",
    "Sense",
]
