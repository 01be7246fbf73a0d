"""Finnish, Turkish, Lithuanian, Romanian, Bulgarian, Greek, Russian and Ukrainian letters (issue
39): which fold and which are letters of their own, and Turkish casing (I/ı and İ/i) and Greek
casing (capitals without the tonos, a word's final ς) wherever a word or a face is lowercased or
capitalised."""

from __future__ import annotations

import random

import pytest

from core.board import Board
from core.casing import GREEK, PLAIN, TURKISH
from core.codes import decode, encode
from core.dice import DICE_DIR, dice_set
from core.dicegen import face
from core.guesses import normalise, words_typed
from core.languages import language as lang_of
from core.languages import shown_spelling


@pytest.mark.parametrize(
    ("code", "typed", "folded"),
    [
        ("fi", "sääri", "sääri"),
        ("fi", "SÄÄRI", "sääri"),
        ("fi", "saari", "saari"),  # a is never ä: "saari" (island) and "sääri" (shin) differ
        ("fi", "öljy", "öljy"),
        ("fi", "šakki", "shakki"),  # š and ž are written sh and zh without them
        ("fi", "ŽANRI", "zhanri"),
        ("fi", "café", "cafe"),
        ("fi", "ı", None),
        ("tr", "kış", "kış"),
        ("tr", "KIŞ", "kış"),  # I is the capital of ı
        ("tr", "İSTANBUL", "istanbul"),  # İ the capital of i
        ("tr", "Işık", "ışık"),
        ("tr", "kis", "kis"),  # without its marks another word (or none): never kış
        ("tr", "çiçek", "çiçek"),
        ("tr", "ğ", "ğ"),
        ("tr", "kâğıt", "kağıt"),  # the circumflex folds
        ("tr", "hükûmet", "hükumet"),  # ü stays a letter of its own
        ("tr", "î", "i"),
        ("tr", "quiz", None),  # no q, w, x in Turkish
        ("tr", "xyz", None),
        ("lt", "šalta", "šalta"),
        ("lt", "ŠALTA", "šalta"),
        ("lt", "salta", "salta"),  # s is never š: "sala" (island) and "šala" (it freezes) differ
        ("lt", "ąžuolas", "ąžuolas"),
        ("lt", "ĖJĘS", "ėjęs"),
        ("lt", "įųūčę", "įųūčę"),
        ("lt", "kavà", "kava"),  # a stress mark of a dictionary's spelling folds
        ("lt", "café", "cafe"),
        ("lt", "quiz", None),  # no q, w, x in Lithuanian
        ("ro", "pâine", "paine"),
        ("ro", "PÂINE", "paine"),
        ("ro", "știință", "stiinta"),  # ș ț with the comma below, as Romanian writes them
        ("ro", "ştiinţă", "stiinta"),  # ş ţ with the cedilla, as older keyboards type them
        ("ro", "ȘTIINȚĂ", "stiinta"),
        ("ro", "înțelege", "intelege"),
        ("ro", "măr", "mar"),
        ("ro", "taxi", "taxi"),  # q w x y k are Romanian letters (loanwords)
        ("ro", "ñ", "n"),
        ("ro", "я", None),
        ("bg", "майка", "майка"),
        ("bg", "МАЙКА", "майка"),
        ("bg", "маика", "маика"),  # и is never й: "мои" (mine) and "мой" (my) differ
        ("bg", "Ѝ", "и"),  # the grave that tells "her" from "and" folds
        ("bg", "ъгъл", "ъгъл"),
        ("bg", "ёж", "еж"),  # Russian ё reads as е
        ("bg", "ы", None),  # Russian letters Bulgarian lacks
        ("bg", "ok", None),
        ("el", "λόγος", "λογοσ"),  # tonos dropped, final ς is σ
        ("el", "ΛΟΓΟΣ", "λογοσ"),
        ("el", "Λόγος", "λογοσ"),
        ("el", "λογοσ", "λογοσ"),
        ("el", "προϊόν", "προιον"),  # dialytika dropped
        ("el", "ΐ", "ι"),
        ("el", "ΰ", "υ"),
        ("el", "ΆΈΉΊΌΎΏ", "αεηιουω"),
        ("el", "logos", None),  # Latin letters are not Greek ones
        ("el", "мой", None),
        ("ru", "Ёлка", "елка"),  # ё is read as е, as Russian crosswords and Scrabble do
        ("ru", "ЕЛКА", "елка"),
        ("ru", "мой", "мой"),  # й is a letter of its own: "мой" is not "мои"
        ("ru", "мои", "мои"),
        ("ru", "ОБЪЁМ", "объем"),
        ("ru", "съешь", "съешь"),
        ("ru", "їжак", None),  # Ukrainian letters are not Russian ones
        ("ru", "apple", None),
        ("uk", "Їжак", "їжак"),
        ("uk", "іжак", "іжак"),  # і is not ї: another word (or none)
        ("uk", "ҐАНОК", "ґанок"),
        ("uk", "ганок", "ганок"),  # г is not ґ
        ("uk", "Єдиний", "єдиний"),
        ("uk", "м'ясо", "мясо"),  # the apostrophe is dropped, however it is typed
        ("uk", "м’ясо", "мясо"),
        ("uk", "мʼясо", "мясо"),
        ("uk", "мясо", "мясо"),
        ("uk", "объём", None),  # ы ъ ё э are Russian letters, not Ukrainian ones
        ("uk", "эхо", None),
        ("hu", "KÖR", "kör"),
        ("hu", "kor", "kor"),  # o is never ö: "kor" (age) and "kör" (circle) differ
        ("hu", "TÜKÖR", "tükör"),
        ("hu", "tukor", "tukor"),
        ("hu", "őr", "ör"),  # the double acute is ö's and ü's long mark: folded into them
        ("hu", "TŰZ", "tüz"),
        ("hu", "Árvíztűrő", "arviztürö"),  # á é í ó ú: the acute is dropped
        ("hu", "kávé", "kave"),
        ("hu", "hõs", "hös"),  # õ ô û: the Latin-1 stand-ins for ő and ű
        ("hu", "HÔS", "hös"),
        ("hu", "betû", "betü"),
        ("hu", "crème", "creme"),
        ("hu", "szösz", "szösz"),  # digraphs are their two letters
        ("hu", "taxi", None),  # no q, w, x: Hungarian Scrabble has none
        ("hu", "watt", None),
    ],
)
def test_fold(code: str, typed: str, folded: str | None) -> None:
    assert lang_of(code).fold(typed) == folded


def test_lithuanian_has_its_32_letters_in_its_alphabet_s_order() -> None:
    lt = lang_of("lt")
    assert len(lt.alphabet) == len(set(lt.alphabet)) == 32
    assert lt.alphabet.index("į") + 1 == lt.alphabet.index("y") < lt.alphabet.index("j")
    assert not set("qwx") & set(lt.alphabet)
    assert [lt.plain(w) for w in ("šalta", "ąžuolas")] == ["salta", "azuolas"]
    for letter in lt.alphabet:  # a die's capital folds back to its letter
        assert len(letter.upper()) == 1 and lt.fold(letter.upper()) == letter


def test_python_casing_is_wrong_for_turkish_and_the_languages_is_right() -> None:
    assert "KIŞ".lower() == "kiş" and TURKISH.lower("KIŞ") == "kış"
    assert len("İ".lower()) == 2 and TURKISH.lower("İ") == "i"
    assert "kişi".upper() == "KIŞI" and TURKISH.upper("kişi") == "KİŞİ"
    assert TURKISH.upper("ışık") == "IŞIK" and TURKISH.casefold("IŞIK") == "ışık"
    assert TURKISH.capital("i") == "İ" and TURKISH.capital("ı") == "I"
    assert PLAIN.capital("i") == "I" and PLAIN.capital("qu") == "Qu"
    assert lang_of("fi").casing is PLAIN and lang_of("tr").casing is TURKISH


def test_greek_capitals_drop_the_tonos_and_a_lowercase_word_ends_in_final_sigma() -> None:
    assert "λόγος".upper() == "ΛΌΓΟΣ" and GREEK.upper("λόγος") == "ΛΟΓΟΣ"
    assert GREEK.upper("προϊόν") == "ΠΡΟΪΟΝ" and GREEK.upper("ΐ") == "Ϊ"
    assert GREEK.lower("ΛΟΓΟΣ") == "λογος" and GREEK.lower("λογοσ") == "λογος"
    assert GREEK.lower("ΟΔΟΣ ΚΑΙ ΣΠΙΤΙ, ΣΑΣ!") == "οδος και σπιτι, σας!"
    assert GREEK.lower("σ") == "σ" and GREEK.lower("Σ") == "σ"  # a letter alone: a die's face
    assert GREEK.casefold("Λόγος") == "λόγοσ" and GREEK.capital("σ") == "Σ"
    assert lang_of("el").casing is GREEK and lang_of("bg").casing is PLAIN


def test_greek_words_show_in_lowercase_with_their_final_sigma() -> None:
    el = lang_of("el")
    assert words_typed("ΛΌΓΟΣ, λογοσ", el) == [("λογοσ", "λόγοσ"), ("λογοσ", "λογοσ")]
    assert shown_spelling(el, str, "λογοσ", "λογοσ") == "λογος"  # as typed, ending in ς
    assert shown_spelling(el, str, "λογοσ", "ΛΟΓΟΣ") == "λογος"
    assert shown_spelling(el, lambda w: "λόγος", "λογοσ") == "λόγος"  # a missed word
    assert shown_spelling(el, str, "λογοσ", "Λόγος") == "λόγος"


def test_greek_and_bulgarian_dice_and_boards_show_their_capitals() -> None:
    for code, capitals in (("el", "ΑΣΩ"), ("bg", "АЙЪ")):
        dice = dice_set(f"4x4-{code}")
        faces = {
            f for size in (4, 5, 6) for die in dice_set(f"{size}x{size}-{code}").dice for f in die
        }
        assert faces <= set(lang_of(code).alphabet), code
        text = (DICE_DIR / f"{dice.name}.txt").read_text(encoding="utf-8")
        assert all(c in text for c in capitals), code
    assert Board(2, 2, ("σ", "λ", "ω", "ψ")).grid(GREEK) == "Σ  Λ\nΩ  Ψ"
    assert Board(2, 2, ("й", "ъ", "ж", "щ")).grid() == "Й  Ъ\nЖ  Щ"


def test_turkish_guesses_lowercase_by_turkish_rules() -> None:
    tr = lang_of("tr")
    assert normalise("KIŞ İYİ", tr.casing) == "kış iyi"
    assert words_typed("KIŞ, İyi ışık", tr) == [("kış", "kış"), ("iyi", "iyi"), ("ışık", "ışık")]
    assert words_typed("KIŞ") == [("kis", "kiş")]  # English reads I as i (and drops the cedilla)
    assert shown_spelling(tr, str, "ışık", "IŞIK") == "ışık"


def test_turkish_dice_and_boards_show_turkish_capitals() -> None:
    dice = dice_set("4x4-tr")
    faces = {f for die in dice.dice for f in die}
    assert {"i", "ı", "ç", "ğ", "ö", "ş", "ü"} <= faces  # read from "İ", "I", "Ç", ...
    assert faces <= set(lang_of("tr").alphabet)
    text = (DICE_DIR / f"{dice.name}.txt").read_text(encoding="utf-8")
    assert "İ" in text and "Ğ" in text
    assert face("i", TURKISH) == "İ" and face("ı", TURKISH) == "I" and face("i") == "I"
    board = Board(2, 2, ("i", "ı", "ş", "qu"))
    assert board.grid(TURKISH) == "İ  I\nŞ  Qu" and board.grid() == "I  I\nŞ  Qu"


def test_hungarian_letters_and_their_capitals() -> None:
    """25 letters in the alphabet's order, ö and ü after o and u; a die's capital of each folds
    back to it; plain() takes the dots off, as a keyboard without them types."""
    hu = lang_of("hu")
    assert hu.alphabet == "abcdefghijklmnoöprstuüvyz" and hu.casing is PLAIN
    capitals = "".join(face(ch) for ch in hu.alphabet)
    assert capitals == "ABCDEFGHIJKLMNOÖPRSTUÜVYZ"
    assert [hu.fold(c) for c in capitals] == list(hu.alphabet)
    assert hu.plain("tükör") == "tukor" and hu.plain("ördög") == "ordog"
    assert {hu.fold(c) for c in "áéíóú"} == set("aeiou") and hu.fold("őű") == "öü"


def test_hungarian_dice_hold_ö_and_ü_and_no_other_mark() -> None:
    for size in (4, 5, 6):
        faces = {f for die in dice_set(f"{size}x{size}-hu").dice for f in die}
        assert {"ö", "ü"} <= faces <= set(lang_of("hu").alphabet), size


def test_finnish_dice_hold_its_letters() -> None:
    faces = {f for size in (4, 5, 6) for die in dice_set(f"{size}x{size}-fi").dice for f in die}
    assert {"ä", "ö"} <= faces and faces <= {*lang_of("fi").alphabet, "qu"}


@pytest.mark.parametrize(
    ("code", "own"), [("cs", {"č", "ř", "š", "ž"}), ("hr", {"č", "ć", "đ", "š", "ž"})]
)
def test_czech_and_croatian_dice_hold_their_letters_of_their_own(code: str, own: set[str]) -> None:
    """Each háček letter is on some die of every size, every face is a letter of the language
    (Croatian dice have no q w x y), and a die file shows the capitals (Č, Đ)."""
    letters = set(lang_of(code).alphabet)
    for size in (4, 5, 6):
        dice = dice_set(f"{size}x{size}-{code}")
        faces = {f for die in dice.dice for f in die}
        assert own <= faces and faces <= letters | {"qu"}, size
        text = (DICE_DIR / f"{dice.name}.txt").read_text(encoding="utf-8")
        assert all(letter.upper() in text for letter in own), size
    assert not {"q", "qu", "w", "x", "y"} & {f for d in dice_set("6x6-hr").dice for f in d}


@pytest.mark.parametrize(
    ("code", "typed", "words"),
    [
        ("cs", "ŽÁBA, dělat delat", [("žaba", "žába"), ("delat", "dělat"), ("delat", "delat")]),
        ("hr", "ČAŠA ǈubav", [("čaša", "čaša"), ("ljubav", "ljubav")]),
    ],
)
def test_czech_and_croatian_guesses_fold_by_their_rules(
    code: str, typed: str, words: list[tuple[str, str]]
) -> None:
    assert words_typed(typed, lang_of(code)) == words


def test_cyrillic_guesses_are_read_with_their_letters() -> None:
    ru, uk = lang_of("ru"), lang_of("uk")
    assert words_typed("Ёлка ЕЖ", ru) == [("елка", "ёлка"), ("еж", "еж")]
    assert words_typed("М'ЯСО, п’ять сімʼя", uk) == [
        ("мясо", "м'ясо"), ("пять", "п’ять"), ("сімя", "сімʼя")
    ]  # fmt: skip
    assert words_typed("don't stop") == []  # elsewhere an apostrophe inside a word is talk
    assert words_typed("м'ясо", ru) == []
    assert shown_spelling(uk, str, "мясо", "М’ЯСО") == "м’ясо"


@pytest.mark.parametrize("code", ["ru", "uk"])
def test_cyrillic_dice_show_cyrillic_capitals_and_fit_a_board_code(code: str) -> None:
    """Every die face is a letter of the alphabet (its capital in the file), the sets' faces fit
    the 32 a board code numbers, and a rolled board's code reads back (core.codes)."""
    alphabet = set(lang_of(code).alphabet)
    for size in (4, 5, 6):
        dice = dice_set(f"{size}x{size}-{code}")
        faces = {f for die in dice.dice for f in die}
        assert faces <= alphabet and len(faces) <= 32, (size, sorted(faces - alphabet))
        text = (DICE_DIR / f"{dice.name}.txt").read_text(encoding="utf-8")
        assert {"О", "А", "Н"} <= set(text) and "о" not in text.split("\n", 3)[3]
        board = dice.roll(random.Random(size))
        assert decode(encode(board, dice.name)) == (board, dice.name)
    assert "ґ" not in faces if code == "uk" else faces == alphabet  # 33 letters: ґ off the dice
