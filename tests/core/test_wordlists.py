"""The shipped word lists: what data/words/build_lists.py removed from them (inflected offensive
words, German names and abbreviations) and the ordinary words it had to keep."""

from __future__ import annotations

import pytest

from core.languages import language


def words(text: str) -> list[str]:
    return text.split()


@pytest.fixture(scope="module")
def word_sets() -> dict[str, set[str]]:
    return {
        code: set(language(code).words_file.read_text(encoding="utf-8").split())
        for code in ("fr", "es", "de")
    }


# The reviewer's samples: plurals and verb forms of naughty-words entries, and slurs it lacks.
OFFENSIVE = {
    "fr": words("putes salopes connards negres tapettes youpin youpins enculer niquer"),
    "es": words("putas putos maricones maricas sudaca sudacas cabrones jodido follamos"),
    "de": words(
        "fotzen fickt gefickt arschloecher schlampen schwuchteln kanaken nutten negern spast "
        "negerkuss scheissegal"
    ),
}
# Ordinary words an ending rule or a pattern would have taken (kept by "!" lines or by the
# pattern's shape: "neger*" leaves "suehnegericht").
ORDINARY = {
    "fr": words("bande bandes salopette cone put tringle gerbe folle jouir pipi"),
    "es": words("piso pisos pollo martillo idiota cacao orina drogas trio racista"),
    "de": words("suehnegericht nackt rosette kimme fratze popelin schwanz"),
}


@pytest.mark.parametrize("code", ["fr", "es", "de"])
def test_offensive_forms_are_gone(code: str, word_sets: dict[str, set[str]]) -> None:
    assert [w for w in OFFENSIVE[code] if w in word_sets[code]] == []


@pytest.mark.parametrize("code", ["fr", "es", "de"])
def test_ordinary_words_are_kept(code: str, word_sets: dict[str, set[str]]) -> None:
    assert [w for w in ORDINARY[code] if w not in word_sets[code]] == []


NAMES_AND_ABBREVIATIONS = words(
    "peter hans uwe klaus wolfgang juergen sabine berlin muenchen bayern merkel cdu spd usa ddr "
    "bfa hgb aachen deutschland"
)
GERMAN_ORDINARY = words("kurz stark lange waren senden im ob hm brr horst mueller bauer koch")


def test_german_names_and_abbreviations_are_gone(word_sets: dict[str, set[str]]) -> None:
    assert [w for w in NAMES_AND_ABBREVIATIONS if w in word_sets["de"]] == []


def test_german_words_that_are_also_names_are_kept(word_sets: dict[str, set[str]]) -> None:
    assert [w for w in GERMAN_ORDINARY if w not in word_sets["de"]] == []


def test_german_words_without_a_vowel_are_interjections(word_sets: dict[str, set[str]]) -> None:
    interjections = set(words("brr hm mhm mhmm mmh mmm pscht pst psst sch ksch kscht"))
    assert {w for w in word_sets["de"] if not set(w) & set("aeiouy")} <= interjections
