"""Languages: folding, lexicons of any alphabet, frequencies, the solver on each language's dice
against the brute force, the everyday dictionary's verdicts, and board codes of the new dice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.best import best_board
from core.codes import decode, encode
from core.commonness import Band, band_of, is_everyday, missed_order
from core.dice import dice_set
from core.languages import (
    DICTIONARIES,
    LANGUAGE_CODES,
    LanguageError,
    LanguageProblem,
    language,
)
from core.letters import letter_weights
from core.lexicon import Lexicon, load
from core.round import Mode, Round, Rules, Verdict
from core.scoring import default_min_length
from core.solver import solve
from tests.core.brute import brute_solve
from tests.core.lists import word_list, word_set
from tests.profiles import brute, sized


def test_codes_and_errors() -> None:
    assert (
        *("en", "fr", "es", "de", "nl", "pl", "pt"),
        *("bg", "cs", "da", "el", "fi", "hr", "hu", "id"),
        *("it", "lt", "no", "ro", "ru", "sv", "tr", "uk"),
    ) == LANGUAGE_CODES
    assert DICTIONARIES == ("full", "everyday")
    assert [language(c).name for c in LANGUAGE_CODES] == [
        "English",
        "Français",
        "Español",
        "Deutsch",
        "Nederlands",
        "Polski",
        "Português",
        "Български",
        "Čeština",
        "Dansk",
        "Ελληνικά",
        "Suomi",
        "Hrvatski",
        "Magyar",
        "Bahasa Indonesia",
        "Italiano",
        "Lietuvių",
        "Norsk",
        "Română",
        "Русский",
        "Svenska",
        "Türkçe",
        "Українська",
    ]
    with pytest.raises(LanguageError, match="en, fr, es, de") as caught:
        language("xx")
    assert caught.value.kind is LanguageProblem.UNKNOWN_LANGUAGE
    assert caught.value.fields == {"code": "xx", "codes": ", ".join(LANGUAGE_CODES)}
    with pytest.raises(LanguageError, match="no dice for a 3x3 board in fr") as caught:
        language("fr").default_dice(3)
    assert caught.value.kind is LanguageProblem.NO_DICE


@pytest.mark.parametrize(
    ("code", "typed", "folded"),
    [
        ("en", "Café", "cafe"),
        ("en", "naïve", "naive"),
        ("fr", "Être", "etre"),
        ("fr", "etre", "etre"),
        ("fr", "cœur", "coeur"),
        ("fr", "garçon", "garcon"),
        ("fr", "NOËL", "noel"),
        ("es", "año", "año"),
        ("es", "AÑO", "año"),
        ("es", "ano", "ano"),  # n is never ñ
        ("es", "canción", "cancion"),
        ("es", "pingüino", "pinguino"),
        ("es", "an\u0303o", "año"),  # n + combining tilde, as some keyboards send it
        ("de", "grün", "gruen"),
        ("de", "gruen", "gruen"),
        ("de", "Straße", "strasse"),
        ("de", "ÖL", "oel"),
        ("it", "Città", "citta"),
        ("it", "PERCHÉ", "perche"),
        ("it", "perchè", "perche"),  # either accent, as players type it
        ("sv", "År", "år"),
        ("sv", "ar", "ar"),  # a is never å: another word
        ("sv", "SKÖLD", "sköld"),
        ("sv", "idé", "ide"),
        ("sv", "smørgås", "smörgås"),  # the Danish and Norwegian ø is Swedish ö
        ("sv", "Ærlig", "ärlig"),
        ("da", "ÆBLE", "æble"),
        ("da", "Smørrebrød", "smørrebrød"),
        ("da", "smörrebröd", "smørrebrød"),  # the Swedish and German ö is Danish ø
        ("da", "Blåbær", "blåbær"),
        ("da", "café", "cafe"),
        ("no", "BLÅBÆR", "blåbær"),
        ("no", "blabaer", "blabaer"),  # no å or æ without their own keys
        ("no", "kjære", "kjære"),
        ("no", "Ärlig", "ærlig"),
        ("id", "Rumah", "rumah"),
        ("id", "kafé", "kafe"),
        ("cs", "Čtyři", "čtyři"),
        ("cs", "ctyri", "ctyri"),  # c is never č, r never ř: another word (none)
        ("cs", "DĚLAT", "delat"),  # ě, like the length marks, folds
        ("cs", "kůň", "kun"),
        ("cs", "ťuknout", "tuknout"),
        ("cs", "Ďábel", "dabel"),
        ("cs", "chata", "chata"),  # ch is two letters, c and h
        ("hr", "Čaša", "čaša"),
        ("hr", "ćevapi", "ćevapi"),
        ("hr", "Đak", "đak"),
        ("hr", "dak", "dak"),  # d is never đ
        ("hr", "ǈubav", "ljubav"),  # the one-character digraphs spelled out
        ("hr", "ǄEP", "džep"),
        ("hr", "njega", "njega"),
        ("hr", "show", None),  # no w (nor q x y) in Croatian's alphabet
        ("da", "año", "ano"),
        ("en", "año", "ano"),  # ñ is only Spanish's letter
        ("en", "x2", None),
        ("fr", "привет", None),
        ("de", "", None),
    ],
)
def test_fold(code: str, typed: str, folded: str | None) -> None:
    assert language(code).fold(typed) == folded


@pytest.mark.parametrize("code", ["it", "sv", "da", "no", "id", "cs", "hr", "ru", "uk"])
def test_capitals_and_lowercase_round_trip_in_each_alphabet(code: str) -> None:
    """Each letter's capital (a die's face: Å Ä Ö Æ Ø) folds back to the letter, and no
    letter's lowercase is another's (no Turkish dotless i among these)."""
    lang = language(code)
    for letter in lang.alphabet:
        capital = letter.upper()
        assert len(capital) == 1 and capital != letter, letter
        assert capital.lower() == letter and lang.fold(capital) == letter
    if code in ("ru", "uk"):  # Cyrillic: every letter its own, none of a-z
        assert not set(lang.alphabet) & set("abcdefghijklmnopqrstuvwxyz")
        return
    own = [c.upper() for c in lang.alphabet if c not in "abcdefghijklmnopqrstuvwxyz"]
    assert own == {
        "da": ["Æ", "Ø", "Å"], "no": ["Æ", "Ø", "Å"], "sv": ["Å", "Ä", "Ö"],
        "cs": ["Č", "Ř", "Š", "Ž"], "hr": ["Č", "Ć", "Đ", "Š", "Ž"],
    }.get(code, [])  # fmt: skip


def test_word_lists_hold_only_their_letters_folded() -> None:
    for code, words in ((c, word_list(c)) for c in LANGUAGE_CODES):
        lang = language(code)
        letters = set(lang.alphabet)
        sample = random.Random(code).sample(words, 5000)
        assert all(set(w) <= letters and lang.fold(w) == w and len(w) >= 2 for w in sample), code
    assert "año" in word_set("es") and "ano" in word_set("es")
    assert "gruen" in word_set("de") and "grün" not in word_set("de")


def test_guesses_read_the_way_the_list_was_folded(lexicons: dict[str, Lexicon]) -> None:
    for code, typed in [("fr", "être"), ("fr", "etre"), ("de", "grün"), ("de", "Gruen")]:
        assert language(code).fold(typed) in lexicons[code]
    assert "año" in lexicons["es"] and "ano" in lexicons["es"]
    assert lexicons["es"].zipf("año") != lexicons["es"].zipf("ano")


def test_a_lexicon_of_another_alphabet_round_trips_through_the_cache(tmp_path: Path) -> None:
    greek = "αβγδεζηθικλμνξοπρσςτυφχψω"
    words = tmp_path / "el.txt"
    words.write_text("αλφα\nβητα\nγαμμα\nλογος\nλογοσ\nabc\n", encoding="utf-8")
    freq = tmp_path / "el.tsv"
    freq.write_text("λογος\t45\nαλφα\t30\n", encoding="utf-8")
    built = load(words, tmp_path, alphabet=greek, frequencies=freq)
    again = load(words, tmp_path, alphabet=greek, frequencies=freq)  # from the cache
    assert (
        list(again)
        == list(built)
        == sorted(
            ["αλφα", "βητα", "γαμμα", "λογος", "λογοσ"], key=lambda w: [greek.index(c) for c in w]
        )
    )
    assert again.alphabet == greek and again.zipf("λογος") == 4.5 and again.zipf("abc") is None
    assert again.zipf("βητα") == 0.0


def test_index_is_the_rank_in_alphabet_order(lexicons: dict[str, Lexicon]) -> None:
    es = lexicons["es"]
    words = list(es)
    for rank in random.Random(3).sample(range(len(words)), 300):
        assert es.index(words[rank]) == rank
    assert words.index("ñu") > words.index("nuez")  # ñ sorts after n


@pytest.mark.parametrize(
    ("code", "common", "obscure"),
    [
        ("en", ["the", "cat", "house"], ["qat", "zyzzyva", "aardvark"]),
        ("fr", ["etre", "maison", "chat"], ["zythum", "abaissa"]),
        ("es", ["casa", "año", "gato"], ["zurrapa", "ñu"]),
        ("de", ["haus", "katze", "gruen"], ["aalartig", "aalbeere"]),
    ],
)
def test_common_words_rank_above_obscure_ones(
    lexicons: dict[str, Lexicon], code: str, common: list[str], obscure: list[str]
) -> None:
    lexicon = lexicons[code]
    assert min(lexicon.zipf(w) or 0 for w in common) > max(lexicon.zipf(w) or 0 for w in obscure)
    assert all(is_everyday(w, lexicon) for w in common)
    assert not any(is_everyday(w, lexicon) for w in obscure)
    assert missed_order([*obscure, *common], lexicon)[: len(common)] == sorted(
        common, key=lambda w: -(lexicon.zipf(w) or 0)
    )
    assert band_of("the" if code == "en" else common[0], lexicon) in (Band.VERY_COMMON, Band.COMMON)
    assert band_of("zzzzq", lexicon) is None


def test_missed_order_breaks_ties_by_length_then_alphabet(lexicons: dict[str, Lexicon]) -> None:
    en = lexicons["en"]
    unknown = ["zyzzyva", "zaxes", "zyzzyvas"]
    assert all(en.zipf(w) == 0.0 for w in unknown)
    assert missed_order(unknown, en) == ["zyzzyvas", "zyzzyva", "zaxes"]
    assert missed_order(["zzz", "zax", "zaxes"], en) == ["zzz", "zax", "zaxes"]  # 2.2, 1.5, 0


@pytest.mark.parametrize("code", LANGUAGE_CODES)
@brute
@settings(
    max_examples=sized(6),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(side=st.sampled_from((4, 5, 6)), seed=st.integers(0, 2**32))
def test_solver_equals_brute_force_on_each_languages_dice(
    lexicons: dict[str, Lexicon], code: str, side: int, seed: int
) -> None:
    board = dice_set(language(code).default_dice(side)).roll(random.Random(seed))
    min_length = default_min_length(side)
    found = solve(board, lexicons[code], min_length)
    assert set(found) == brute_solve(board, word_list(code), min_length)


def test_spanish_boards_spell_words_with_ñ(lexicons: dict[str, Lexicon]) -> None:
    from core.board import Board

    found = solve(Board.parse("añox/zzzz/zzzz/zzzz"), lexicons["es"], 3)
    assert "año" in found and "ano" not in found


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_every_languages_board_codes_round_trip(code: str) -> None:
    rng = random.Random(code)
    for side in (4, 5, 6):
        name = language(code).default_dice(side)
        for _ in range(20):
            board = dice_set(name).roll(rng)
            assert decode(encode(board, name)) == (board, name)


def test_best_board_searches_the_languages_letters(lexicons: dict[str, Lexicon]) -> None:
    es = lexicons["es"]
    assert len(letter_weights(es)) == 27
    found = best_board(es, 3, 3, 10.0, random.Random(1), max_iterations=300)
    board, score = found.board, found.points
    assert score > 0 and all(face in es.alphabet or face == "qu" for face in board.cells)
    assert sum(w.count("ñ") for w in solve(board, es, 3)) >= 0


def start(lexicon: Lexicon, code: str, dictionary: str, text: str) -> Round:
    from core.board import Board

    return Round.start(
        Board.parse(text), lexicon, Rules(Mode.CASUAL, 3), 100.0,
        lang=language(code), dictionary=dictionary,
    )  # fmt: skip


def test_a_french_round_reads_accents_typed_or_not(lexicons: dict[str, Lexicon]) -> None:
    game = start(lexicons["fr"], "fr", "full", "etre/xxxx/xxxx/xxxx")
    first, second = game.guess(1, "Être", 1.0)[0], game.guess(1, "etre", 2.0)[0]
    assert (first.word, first.verdict) == ("etre", Verdict.ACCEPTED)
    assert second.verdict is Verdict.ALREADY_FOUND


def test_everyday_verdicts(lexicons: dict[str, Lexicon]) -> None:
    en = lexicons["en"]
    board = "[q]atx/cxxx/xxxx/xxxx"  # spells cat and qat (a plain q face)
    full = start(en, "en", "full", board)
    everyday = start(en, "en", "everyday", board)
    assert {"cat", "qat"} <= set(full.solution)
    assert "cat" in everyday.solution and "qat" not in everyday.solution
    assert everyday.judge(1, "qat", 1.0).verdict is Verdict.RARE  # a word, just not everyday
    assert everyday.judge(1, "zyzzyva", 1.0).verdict is Verdict.RARE  # frequency unknown
    assert everyday.judge(1, "cat", 1.0).verdict is Verdict.ACCEPTED
    assert everyday.judge(1, "xqzt", 1.0).verdict is Verdict.NOT_A_WORD
    assert everyday.judge(1, "house", 1.0).verdict is Verdict.NOT_ON_BOARD
    assert full.judge(1, "qat", 1.0).verdict is Verdict.ACCEPTED
    assert "qat" not in everyday.results().missed
    again = Round.rebuild(
        everyday.board, en, everyday.rules, 100.0, [(1, "cat", 1.0), (2, "qat", 1.0)],
        lang=language("en"), dictionary="everyday",
    )  # fmt: skip
    assert again.words_of(1) == ["cat"] and again.words_of(2) == []
    with pytest.raises(LanguageError, match="full, everyday"):
        start(en, "en", "kids", board)
