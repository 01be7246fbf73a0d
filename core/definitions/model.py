"""What a definitions lookup answers: an entry (readings, each a lemma with its senses and the
form the word is of it), a valid word with no definition known, or not a word. Structured, so
the bot words "past tense of walk" in each player's language; the command line says it in
English (``core.cli.define``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PartOfSpeech(StrEnum):
    """A sense's part of speech, as its source says it (Wiktionary glosses carry none)."""

    UNKNOWN = ""
    NOUN = "noun"
    VERB = "verb"
    ADJECTIVE = "adjective"
    ADVERB = "adverb"
    PRONOUN = "pronoun"
    DETERMINER = "determiner"
    PREPOSITION = "preposition"
    CONJUNCTION = "conjunction"
    INTERJECTION = "interjection"


class FormKind(StrEnum):
    """Which form of its lemma a word is ("walked": PAST of "walk"). Kept coarse: the forms a
    suffix rule or an irregular-forms list can tell apart in all four languages."""

    PLURAL = "plural"
    FEMININE = "feminine"
    FEMININE_PLURAL = "feminine_plural"
    THIRD_PERSON = "third_person"  # English -s: "walks"
    PAST = "past"  # past tense ("walked", "went", German "ging")
    PAST_PARTICIPLE = "past_participle"  # "gone", "été", "gegangen"
    PRESENT_PARTICIPLE = "present_participle"  # "walking", "marchant", "gehend"
    VERB_FORM = "verb_form"  # another conjugated form ("marchons", "êtes", "gehst")
    COMPARATIVE = "comparative"
    SUPERLATIVE = "superlative"
    INFLECTED = "inflected"  # another declined form (German "gutem", "Hauses")


@dataclass(frozen=True)
class Sense:
    """One meaning: its part of speech and a short gloss in the word's language."""

    pos: PartOfSpeech
    gloss: str


@dataclass(frozen=True)
class Reading:
    """The word read as ``lemma`` (as the dictionary spells it): its own entry when ``form`` is
    None, else that form of the lemma ("geese": PLURAL of "goose")."""

    lemma: str
    form: FormKind | None
    senses: tuple[Sense, ...]


@dataclass(frozen=True)
class Entry:
    """A word with definitions: its readings, the word's own entry first."""

    word: str  # folded, as the lexicon holds it
    readings: tuple[Reading, ...]


@dataclass(frozen=True)
class NoDefinition:
    """A word of the dictionary with no definition known; ``has_source`` is False for a language
    with no definitions at all (Spanish: data/definitions/README.md says why)."""

    word: str
    has_source: bool


@dataclass(frozen=True)
class NotAWord:
    """Not a word of the language's dictionary (or not in its letters)."""

    word: str


Lookup = Entry | NoDefinition | NotAWord
