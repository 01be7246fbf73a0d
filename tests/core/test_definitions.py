"""Definitions (core.definitions) on the shipped data: exact senses pinned per language, inflected
forms led to their lemma, the share of the committed samples defined, Spanish without a source."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.definitions import (
    Definitions,
    Entry,
    FormKind,
    NoDefinition,
    NotAWord,
    PartOfSpeech,
    Reading,
)
from core.definitions.forms import FR, MIN_LEMMA, Candidate, french
from core.definitions.sources import DEFINITIONS_DIR
from core.languages import language
from core.lexicon import Lexicon


@pytest.fixture(scope="session")
def definitions(
    lexicons: dict[str, Lexicon], definitions_cache: Path
) -> Iterator[dict[str, Definitions]]:
    opened = {
        code: Definitions.open(code, definitions_cache, lexicon=lexicon)
        for code, lexicon in lexicons.items()
    }
    yield opened
    for one in opened.values():
        one.close()


def entry(definitions: dict[str, Definitions], code: str, word: str) -> Entry:
    found = definitions[code].lookup(word)
    assert isinstance(found, Entry), (word, found)
    return found


def reading(found: Entry, lemma: str) -> Reading:
    return next(r for r in found.readings if r.lemma == lemma)


# word, lemma, form, first gloss (exact, as the data has it)
# word, its lemma, the form it is of that lemma (None: the lemma itself), the lemma's gloss
PINNED: dict[str, list[tuple[str, str, FormKind | None, str]]] = {
    "en": [
        ("walk", "walk", None, "use one's feet to advance; advance by steps"),
        ("walked", "walk", FormKind.PAST, "use one's feet to advance; advance by steps"),
        ("walking", "walk", FormKind.PRESENT_PARTICIPLE, "use one's feet to advance; advance by steps"),
        ("geese", "goose", FormKind.PLURAL, "web-footed long-necked typically gregarious migratory aquatic birds usually larger and less aquatic than ducks"),
        ("went", "go", FormKind.PAST, "change location; move, travel, or proceed, also metaphorically"),
        ("gone", "go", FormKind.PAST_PARTICIPLE, "change location; move, travel, or proceed, also metaphorically"),
        ("cats", "cat", FormKind.PLURAL, "feline mammal usually having thick soft fur and no ability to roar: domestic cats; wildcats"),
        ("the", "the", None, "marks a noun as a particular one, already known or about to be named"),
        ("geat", "geat", None, "The channel or spout through which molten metal runs into a mold in casting."),  # Webster 1913
        ("drow", "draw", FormKind.PAST, "cause to move by pulling"),  # a form Webster lists
        ("beshone", "beshine", FormKind.PAST, "To shine upon; to illumine."),  # both Webster's
    ],
    "fr": [
        ("étés", "été", FormKind.PLURAL, "La plus chaude des quatre saisons de l’année. Dans l’hémisphère nord, l’été astronomique s’étend du 7 mai au 7 août, le solstice d’été représentant le milieu de l’été. L’été météorologique, qui…"),
        ("yeux", "œil", FormKind.PLURAL, "Organe de la vue."),
        ("chevaux", "cheval", FormKind.PLURAL, "Grand mammifère périssodactyle de la famille des équidés, habituellement domestiqué et employé comme monture ou comme bête de trait, de somme."),
        ("êtes", "être", FormKind.VERB_FORM, "Définir un état, une caractéristique du sujet. En grammaire, ce type de verbe est appelé une copule, et le mot qu’il introduit est un attribut. En linguistique, il existe différentes manières de…"),
        ("mangeons", "manger", FormKind.VERB_FORM, "Mâcher et avaler un aliment dans le but de se nourrir."),
        ("maison", "maison", None, "Bâtiment servant de logis, d’habitation, de demeure."),
    ],
    "de": [
        ("Häusern", "Haus", FormKind.PLURAL, "zu einem bestimmten Zweck erbautes Gebäude"),
        ("haeuser", "Haus", FormKind.PLURAL, "zu einem bestimmten Zweck erbautes Gebäude"),
        ("ging", "gehen", FormKind.PAST, "sich schreitend, schrittweise fortbewegen"),
        ("gegangen", "gehen", FormKind.PAST_PARTICIPLE, "sich schreitend, schrittweise fortbewegen"),
        ("Museen", "Museum", FormKind.PLURAL, "eine Einrichtung zur thematischen Forschung und Archivierung, der präsentierten Aufbereitung und Ausstellung ausgewählter Ausstellungsstücke für die Öffentlichkeit mit meist pädagogischem Anspruch"),
        ("Kinder", "Kind", FormKind.PLURAL, "heranwachsender Mensch, aber noch kein Jugendlicher"),
    ],
}  # fmt: skip


@pytest.mark.parametrize(
    ("code", "word", "lemma", "form", "gloss"),
    [(code, *case) for code, cases in PINNED.items() for case in cases],
)
def test_pinned_definitions(
    definitions: dict[str, Definitions],
    code: str,
    word: str,
    lemma: str,
    form: FormKind | None,
    gloss: str,
) -> None:
    found = reading(entry(definitions, code, word), lemma)
    assert found.form == form
    assert found.senses[0].gloss == gloss


def test_english_senses_carry_their_part_of_speech(definitions: dict[str, Definitions]) -> None:
    walked = reading(entry(definitions, "en", "walked"), "walk")
    assert {s.pos for s in walked.senses} == {PartOfSpeech.VERB}  # the noun "walk" is no past
    assert len(walked.senses) == 3  # SHOWN_SENSES
    assert len(definitions["en"].lookup("walk", senses=1).readings[0].senses) == 1  # type: ignore[union-attr]


def test_a_word_with_its_own_entry_and_an_irregular_form(
    definitions: dict[str, Definitions],
) -> None:
    saw = entry(definitions, "en", "saw")
    assert [(r.lemma, r.form) for r in saw.readings[:2]] == [("saw", None), ("see", FormKind.PAST)]


def test_rules_need_the_lemma_in_the_word_list(definitions: dict[str, Definitions]) -> None:
    hoped = entry(definitions, "en", "hoped")  # "hope", not "hop": "hop" makes "hopped"
    assert [(r.lemma, r.form) for r in hoped.readings] == [("hope", FormKind.PAST)]
    news = entry(definitions, "en", "news")  # "new" has no noun sense: no plural of it
    assert [r.lemma for r in news.readings] == ["news"]


def test_typed_accents_choose_the_first_reading(definitions: dict[str, Definitions]) -> None:
    assert entry(definitions, "fr", "étés").readings[0].lemma == "été"
    assert entry(definitions, "fr", "êtes").readings[0].lemma == "être"


def test_not_a_word_and_no_definition(definitions: dict[str, Definitions]) -> None:
    assert definitions["en"].lookup("zzyzxq") == NotAWord("zzyzxq")
    assert definitions["en"].lookup("c'est") == NotAWord("c'est")
    assert definitions["en"].lookup("bambi") == NoDefinition("bambi", has_source=True)


def test_spanish_has_no_source(definitions: dict[str, Definitions]) -> None:
    assert not definitions["es"].has_source
    assert definitions["es"].lookup("árboles") == NoDefinition("arboles", has_source=False)
    assert isinstance(definitions["es"].lookup("qqqx"), NotAWord)


def sample(code: str) -> dict[str, list[str]]:
    parts: dict[str, list[str]] = {}
    for line in (DEFINITIONS_DIR / f"sample-{code}.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            current = line[2:].split()[0]
        elif line:
            parts.setdefault(current, []).append(line)
    return parts


# The shares measured by ``build_definitions.py measure`` (README.md), as floors.
FLOORS = {
    ("en", "common"): 196, ("en", "rare"): 37,
    ("fr", "common"): 199, ("fr", "rare"): 49,
    ("de", "common"): 192, ("de", "rare"): 41,
}  # fmt: skip


@pytest.mark.parametrize(("code", "part"), list(FLOORS))
def test_sample_coverage(definitions: dict[str, Definitions], code: str, part: str) -> None:
    words = sample(code)[part]
    assert len(words) == (200 if part == "common" else 50)
    defined = [w for w in words if isinstance(definitions[code].lookup(w), Entry)]
    assert len(defined) >= FLOORS[(code, part)]


def every_french_rule(word: str) -> list[Candidate]:
    """French's rules tried one by one, in the list's order (what ``forms.french`` looks up)."""
    out = []
    for ending, replacement, kind in FR:
        if word.endswith(ending) and len(word) > len(ending):
            lemma = word[: -len(ending)] + replacement
            if len(lemma) < MIN_LEMMA or (ending == "s" and word.endswith("ss")):
                continue
            accented = (
                FormKind.PAST_PARTICIPLE if replacement == "er" and ending in ("e", "es") else None
            )
            out.append(Candidate(lemma, kind, accented=accented))
    return out


@settings(max_examples=500, deadline=None)
@given(st.text("aeioucdegilmnrstuvxz", max_size=14))
def test_french_rules_by_ending_are_every_rule_in_order(word: str) -> None:
    assert list(french(word)) == every_french_rule(word)


def test_french_rules_by_ending_on_the_word_list() -> None:
    words = language("fr").read_words().split()
    for word in random.Random(5).sample(words, 5000):
        folded = language("fr").fold(word) or ""
        assert list(french(folded)) == every_french_rule(folded), folded
