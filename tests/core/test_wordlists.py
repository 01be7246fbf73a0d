"""The shipped word lists: the German names and abbreviations data/words/build_lists.py removed
from them and the ordinary words it had to keep."""

from __future__ import annotations

from tests.core.lists import word_set


def words(text: str) -> list[str]:
    return text.split()


# The offensive words removed and the ordinary words kept, per language: the committed samples of
# test_dictionary_samples.py (tests/core/data/samples-*.txt).


NAMES_AND_ABBREVIATIONS = words(
    "peter hans uwe klaus wolfgang juergen sabine berlin muenchen bayern merkel cdu spd usa ddr "
    "bfa hgb aachen deutschland"
)
GERMAN_ORDINARY = words("kurz stark lange waren senden im ob hm brr horst mueller bauer koch")


def test_german_names_and_abbreviations_are_gone() -> None:
    assert [w for w in NAMES_AND_ABBREVIATIONS if w in word_set("de")] == []


def test_german_words_that_are_also_names_are_kept() -> None:
    assert [w for w in GERMAN_ORDINARY if w not in word_set("de")] == []


def test_german_words_without_a_vowel_are_interjections() -> None:
    interjections = set(words("brr hm mhm mhmm mmh mmm pscht pst psst sch ksch kscht"))
    assert {w for w in word_set("de") if not set(w) & set("aeiouy")} <= interjections
