"""Words shown as the dictionary spells them (issue 21): the spellings kept in the lexicon, their
round trip through the cache file, and a player's own spelling kept."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.languages import language, shown_spelling
from core.lexicon import Lexicon, LexiconError
from core.lexicon.sources import read_word_text
from tests.core.lists import word_set

FR = language("fr")


@pytest.mark.parametrize(
    ("code", "spelled"),
    [
        ("fr", "été"),
        ("fr", "œuvre"),
        ("fr", "cœur"),
        ("fr", "français"),
        ("es", "árbol"),
        ("es", "año"),  # ñ is a Spanish letter: the folded word is its own spelling
        ("es", "camión"),
        ("de", "grün"),
        ("de", "schön"),
        ("de", "müde"),
        ("en", "cafe"),
        ("el", "λόγος"),  # the tonos, and a final ς
        ("el", "προϊόν"),
        ("el", "σπίτι"),
        ("bg", "майка"),  # Bulgarian is written in its letters: its own spelling
        ("uk", "м'ясо"),  # the apostrophe the folded word drops
        ("uk", "п'ять"),
        ("uk", "ґанок"),
    ],
)
def test_the_dictionary_spelling_of_sample_words(
    code: str, spelled: str, lexicons: dict[str, Lexicon]
) -> None:
    lang = language(code)
    lexicon = lexicons[code]
    folded = lang.fold(spelled)
    assert folded is not None and folded in lexicon
    assert lexicon.spelling(folded) == spelled
    assert lang.fold(lexicon.spelling(folded)) == folded  # the spelling folds back to the word


def test_every_spelling_in_a_shipped_file_folds_to_a_word_of_its_list() -> None:
    for code in ("fr", "es", "de", "el", "ru", "uk"):
        lang = language(code)
        path = lang.spellings_file
        assert path is not None
        words = word_set(code)
        spellings = read_word_text(path).split()
        assert spellings, code
        assert all(lang.fold(s) in words and lang.fold(s) != s for s in spellings), code
    assert language("en").spellings_file is None and language("bg").spellings_file is None
    greek = read_word_text(language("el").spellings_file or language("el").words_file).split()
    assert not [s for s in greek if s.endswith("σ")]  # a Greek word ends in its final ς


def test_a_players_own_spelling_is_kept_when_it_folds_to_the_word() -> None:
    lexicon = Lexicon.from_words(["peche", "ete"], spellings=["pêche", "été"], fold=FR.fold)
    assert shown_spelling(FR, lexicon.spelling, "peche", "PÉCHÉ") == "péché"  # theirs, lowercased
    assert (
        shown_spelling(FR, lexicon.spelling, "peche", "peche") == "peche"
    )  # typed without accents
    assert shown_spelling(FR, lexicon.spelling, "peche") == "pêche"  # missed: the dictionary's
    assert shown_spelling(FR, lexicon.spelling, "ete", "Été") == "été"
    assert (
        shown_spelling(FR, lexicon.spelling, "ete", "etes") == "été"
    )  # not the word: the dictionary's
    de = language("de")
    german = Lexicon.from_words(["gruen", "fuss"], spellings=["grün", "fuß"], fold=de.fold)
    assert shown_spelling(de, german.spelling, "gruen", "Grün") == "grün"
    assert shown_spelling(de, german.spelling, "fuss", "FUSS") == "fuss"
    assert shown_spelling(de, german.spelling, "fuss") == "fuß"


def test_a_dropped_apostrophe_is_shown_where_the_dictionary_writes_it() -> None:
    uk = language("uk")
    lexicon = Lexicon.from_words(
        ["мясо", "пять", "сіль"], alphabet=uk.alphabet, spellings=["м'ясо", "п'ять"], fold=uk.fold
    )
    assert "мясо" in lexicon and "сіль" in lexicon
    assert [lexicon.spelling(w) for w in ("мясо", "пять", "сіль")] == ["м'ясо", "п'ять", "сіль"]
    assert shown_spelling(uk, lexicon.spelling, "мясо", "М’ЯСО") == "м’ясо"  # theirs
    assert shown_spelling(uk, lexicon.spelling, "мясо", "мясо") == "мясо"
    assert shown_spelling(uk, lexicon.spelling, "пять") == "п'ять"  # missed: the dictionary's


def test_a_word_without_a_spelling_and_a_non_word_are_shown_as_they_are() -> None:
    lexicon = Lexicon.from_words(["chat", "ete"], spellings=["été", "zèbre"], fold=FR.fold)
    assert lexicon.spelling("chat") == "chat"
    assert lexicon.spelling("zebre") == "zebre"  # its spelling named no word: skipped
    assert lexicon.spelling("nope") == "nope"
    assert Lexicon.from_words(["chat"]).spelling("chat") == "chat"


def test_a_spelling_that_does_not_fold_to_its_word_is_refused() -> None:
    with pytest.raises(LexiconError):
        Lexicon.from_words(["ete"], spellings=["été"], fold=lambda s: "ete" if len(s) > 1 else "x")


def fr_fold(spelling: str) -> str:
    """The French word of ``spelling``, which has one (only French letters)."""
    word = FR.fold(spelling)
    assert word is not None, spelling
    return word


accented = st.sampled_from(list("eéèêaàâcçoôuùûiîœæ"))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(accented, min_size=1, max_size=8), min_size=1, max_size=120))
def test_spellings_round_trip_through_the_cache_file(spellings: list[str]) -> None:
    """Every word's spelling survives the file, across the 16-word index strides and 64-word
    count blocks; where several spellings fold to one word, the first is kept."""
    words = {fr_fold(s) for s in spellings}
    fillers = [f"b{i:03d}".translate(str.maketrans("0123456789", "klmnprstvx")) for i in range(90)]
    lexicon = Lexicon.from_words([*words, *fillers], spellings=spellings, fold=FR.fold)
    loaded = Lexicon.from_bytes(lexicon.to_bytes())
    for word in words:
        shown = loaded.spelling(word)
        assert shown == lexicon.spelling(word)
        assert fr_fold(shown) == word
        assert shown == next(s for s in spellings if fr_fold(s) == word)  # the first one
    assert all(loaded.spelling(f) == f for f in fillers)
