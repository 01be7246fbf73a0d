"""The languages the game is played in: letters, how typed text folds to them, word lists, dice.

A language folds a typed token to its alphabet by the rule its word list was built with
(``data/words/build_lists.py``), so a guess reads the same with or without accents. A letter is
kept apart only where the language's word games keep it (Spanish ñ, Polish ą ć ę ł ń ó ś ź ż:
"año" and "ano" differ); German spells umlauts out (ä -> ae) as crosswords do, and Dutch ij is two
letters, as its Scrabble and keyboards have it. Any other character folds the token to ``None``.

| language | letters of their own (refused without the mark) | folded (accepted without) |
|---|---|---|
| Bulgarian | й apart from и (30 Cyrillic letters, ъ and ь among them) | ѝ -> и (the grave that tells the pronoun "ѝ", her, from "и", and) |
| Czech | č after c, ř after r, š after s, ž after z: "čas" is not "cas"; ch is two letters (c, h), as on a keyboard | á é ě í ó ú ů ý ď ň ť: length marks and softenings, dropped ("delat" is "dělat") |
| Croatian | č ć after c, đ after d, š after s, ž after z: "čaša" is not "casa"; dž lj nj are two letters, as typed | é, ... dropped; the one-character ǆ ǉ ǌ spelled dž lj nj |
| Danish | æ ø å after z: "lægge" is not "lagge" | ä -> æ, ö -> ø (the Swedish and German spellings of them); é, ü, ... dropped |
| Greek | none: 24 letters | tonos and dialytika dropped (ά -> α, ΐ -> ι), final ς -> σ |
| Finnish | ä ö (å) after z: "sääri" is not "saari", as in its alphabet and Scrabble | š -> sh, ž -> zh (the spelling Finnish allows without them); é, ü, ... dropped |
| Hungarian | ö ü after o u: "kör" is not "kor", "tükör" not "tukor"; no q w x (Hungarian Scrabble has none); digraphs (cs, gy, sz, ...) are their two letters | á é í ó ú dropped, ő -> ö, ű -> ü (õ ô û too, Latin-1 stand-ins): with all nine marked vowels apart, boards held too few words (data/words/README.md) |
| Indonesian | none: a-z | any accent (é of older spellings) dropped |
| Italian | none: a-z | à è é ì í ò ó ù ú: the stress accents, dropped ("citta" is "città") |
| Lithuanian | ą č ę ė į š ų ū ž: 32 letters in its alphabet's order (y after į), no q w x, as its Scrabble: "šala" is not "sala" | é, ü, ... and stress marks dropped |
| Norwegian | æ ø å after z, as Danish | as Danish |
| Romanian | none: a-z, as its Scrabble plays | ă â î ș ț, and the cedilla ş ţ often typed for ș ț: all dropped ("pâine" is "paine") |
| Russian | й, ъ and ь (32 letters: а-я less ё): "мой" is not "мои" | ё -> е, as Russian crosswords and Scrabble read it ("ёж" is "еж") |
| Swedish | å ä ö after z: "år" is not "ar" | æ -> ä, ø -> ö (the Danish and Norwegian spellings of them); é, ü, ... dropped |
| Turkish | ç ğ ı ö ş ü, and i apart from ı: 29 letters, no q w x | â î û (circumflexes the spelling may drop) |
| Ukrainian | ґ є і ї й and ь (33 letters): "їж" is not "іж" | the apostrophe dropped ("м'ясо" is "мясо"), as its crosswords give it no cell |

Lowercasing and capitals go through the language's ``casing`` (``core.casing``): Turkish ``I`` is
the capital of ``ı`` and ``İ`` of ``i``, which Python's ``str.lower``/``str.upper`` get wrong;
Greek capitals carry no tonos ("λόγος" is "ΛΟΓΟΣ") and a word in lower case ends in ``ς``.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

from core.casing import GREEK, PLAIN, TURKISH, Casing
from core.lexicon import Lexicon, cached, load
from core.lexicon.sources import read_word_text
from core.problems import Problem

LANGUAGE_CODES = (
    "en",
    "fr",
    "es",
    "de",
    "nl",
    "pl",
    "pt",
    "bg",
    "cs",
    "da",
    "el",
    "fi",
    "hr",
    "hu",
    "id",
    "it",
    "lt",
    "no",
    "ro",
    "ru",
    "sv",
    "tr",
    "uk",
)
DEFAULT_LANGUAGE = "en"
DICTIONARIES = ("full", "everyday")  # full: every word of the list; everyday: common ones only
DEFAULT_DICTIONARY = "full"

WORDS_DIR = Path(__file__).resolve().parent.parent / "data" / "words"
LATIN = "abcdefghijklmnopqrstuvwxyz"
SPANISH = "abcdefghijklmnñopqrstuvwxyz"
POLISH = "aąbcćdeęfghijklłmnńoóprsśtuwyzźż"
FINNISH = "abcdefghijklmnopqrstuvwxyzåäö"
HUNGARIAN = "abcdefghijklmnoöprstuüvyz"
TURKISH_LETTERS = "abcçdefgğhıijklmnoöprsştuüvyz"
LITHUANIAN = "aąbcčdeęėfghiįyjklmnoprsštuųūvzž"  # its alphabet's order: y after į
DANO_NORWEGIAN = LATIN + "æøå"  # Danish and Norwegian
SWEDISH = FINNISH  # the same letters in the same order
CZECH = "abcčdefghijklmnopqrřsštuvwxyzž"
CROATIAN = "abcčćdđefghijklmnoprsštuvzž"  # no q w x y
BULGARIAN = "абвгдежзийклмнопрстуфхцчшщъьюя"
GREEK_LETTERS = "αβγδεζηθικλμνξοπρστυφχψω"
RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"  # 33 letters less ё, which is read as е
UKRAINIAN = "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя"  # 33 letters
# The Ukrainian apostrophe (м'ясо, п'ять) as typed: ASCII, the typographic ’ and the letter ʼ.
APOSTROPHES = {"'": "", "\u2019": "", "\u02bc": ""}


def _plain_or_xz(path: Path) -> Path:
    """``path``, or ``path.xz`` when only the compressed file is there (data/words/README.md)."""
    if path.exists():
        return path
    packed = path.with_name(path.name + ".xz")
    return packed if packed.exists() else path


class LanguageProblem(StrEnum):
    """What is missing (``LanguageError.kind``); the fields each names are in ENGLISH."""

    UNKNOWN_LANGUAGE = "unknown_language"
    UNKNOWN_DICTIONARY = "unknown_dictionary"
    NO_DICE = "no_dice"


class LanguageError(Problem):
    """A language, dictionary or board size this game does not have: ``kind``, a
    LanguageProblem, and the values it names (those it has); ``str()`` says it in English."""

    ENGLISH: ClassVar[Mapping[str, str]] = {
        LanguageProblem.UNKNOWN_LANGUAGE: "unknown language {code!r}; choose one of: {codes}",
        LanguageProblem.UNKNOWN_DICTIONARY: (
            "unknown dictionary {name!r}; choose one of: {dictionaries}"
        ),
        LanguageProblem.NO_DICE: "no dice for a {size}x{size} board in {language}; sizes: {sizes}",
    }


@dataclass(frozen=True)
class Language:
    """One language: its letters, its folding rule, its word list, frequencies and dice."""

    code: str
    name: str  # in the language itself
    alphabet: str  # the letters its lexicon holds, in the language's order
    spelled_out: Mapping[str, str]  # characters folded to other letters before accents are dropped
    dice: Mapping[int, str]  # board side -> default dice set name
    casing: Casing = PLAIN  # how its words are lowercased and capitalised (core.casing)
    _memo: dict[str, str | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def words_file(self) -> Path:
        """The folded word list, one word a line: ``<code>.txt``, else ``<code>.txt.xz``."""
        return _plain_or_xz(WORDS_DIR / f"{self.code}.txt")

    @property
    def frequency_file(self) -> Path:
        """``word<TAB>Zipf x 10`` lines, for the words of the list people use (data/words/README):
        ``<code>-zipf.tsv``, else ``<code>-zipf.tsv.xz``."""
        return _plain_or_xz(WORDS_DIR / f"{self.code}-zipf.tsv")

    @property
    def spellings_file(self) -> Path | None:
        """The dictionary's spelling of each word whose folded form differs (``été`` for
        ``ete``), one a line (``.txt`` or ``.txt.xz``); None for a language whose list has none
        (English)."""
        path = _plain_or_xz(WORDS_DIR / f"{self.code}-spellings.txt")
        return path if path.exists() else None

    def read_words(self) -> str:
        """The word list's text, decompressed if it is kept compressed."""
        return read_word_text(self.words_file)

    def fold(self, text: str) -> str | None:
        """``text`` (one token, any case, accents or not) as this language's lexicon letters, or
        None when it holds a character the language has no letter for (or is empty)."""
        if not text:
            return None
        out = []
        for ch in self.casing.lower(unicodedata.normalize("NFC", text)):
            folded = self._memo.get(ch, "")
            if folded == "":
                folded = self._memo[ch] = self._fold_char(ch)
            if folded is None:
                return None
            out.append(folded)
        return "".join(out)

    def _fold_char(self, ch: str) -> str | None:
        if ch in self.alphabet:
            return ch
        if ch in self.spelled_out:
            return self.spelled_out[ch]
        decomposed = unicodedata.normalize("NFD", ch)
        base, marks = decomposed[0], decomposed[1:]
        if marks and base in self.alphabet and all(unicodedata.combining(m) for m in marks):
            return base
        return None

    def plain(self, word: str) -> str:
        """``word`` (in this language's letters) without its diacritics, as a player types it on
        a keyboard without them: "żal" -> "zal", "año" -> "ano". Two words of one plain form
        differ only by letters with marks, which this language keeps as letters of their own."""
        if word.isascii():  # no letter to strip (most words of most languages)
            return word
        return "".join(_plain_letter(ch) for ch in word)

    def default_dice(self, size: int) -> str:
        """The dice set a board of this side uses in this language."""
        if size not in self.dice:
            sizes = ", ".join(map(str, self.dice))
            raise LanguageError(LanguageProblem.NO_DICE, size=size, language=self.code, sizes=sizes)
        return self.dice[size]


# Letters with a mark that Unicode does not decompose into a base letter and the mark.
_UNDECOMPOSED = {"ł": "l", "đ": "d", "ø": "o", "ı": "i", "ħ": "h", "ŧ": "t"}


def _plain_letter(ch: str) -> str:
    if ch in _UNDECOMPOSED:
        return _UNDECOMPOSED[ch]
    decomposed = unicodedata.normalize("NFD", ch)
    return decomposed[0] if len(decomposed) > 1 else ch


def _language(
    code: str,
    name: str,
    alphabet: str,
    spelled_out: dict[str, str],
    dice: dict[int, str],
    casing: Casing = PLAIN,
) -> Language:
    return Language(
        code, name, alphabet, MappingProxyType(spelled_out), MappingProxyType(dice), casing
    )


_LIGATURES = {"æ": "ae", "œ": "oe"}
LANGUAGES: Mapping[str, Language] = MappingProxyType(
    {
        "en": _language(
            "en", "English", LATIN, {**_LIGATURES, "ß": "ss"},
            {4: "4x4-new", 5: "5x5-original", 6: "6x6-superbig"},
        ),
        "fr": _language(
            "fr", "Français", LATIN, _LIGATURES, {4: "4x4-fr", 5: "5x5-fr", 6: "6x6-fr"}
        ),
        "es": _language(
            "es", "Español", SPANISH, _LIGATURES, {4: "4x4-es", 5: "5x5-es", 6: "6x6-es"}
        ),
        "de": _language(
            "de", "Deutsch", LATIN, {**_LIGATURES, "ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"},
            {4: "4x4-de", 5: "5x5-de", 6: "6x6-de"},
        ),
        "nl": _language(
            "nl", "Nederlands", LATIN, {**_LIGATURES, "ĳ": "ij"},
            {4: "4x4-nl", 5: "5x5-nl", 6: "6x6-nl"},
        ),
        "pl": _language("pl", "Polski", POLISH, {}, {4: "4x4-pl", 5: "5x5-pl", 6: "6x6-pl"}),
        "pt": _language(
            "pt", "Português", LATIN, _LIGATURES, {4: "4x4-pt", 5: "5x5-pt", 6: "6x6-pt"}
        ),
        "bg": _language(
            "bg", "Български", BULGARIAN, {}, {4: "4x4-bg", 5: "5x5-bg", 6: "6x6-bg"}
        ),
        "cs": _language(
            "cs", "Čeština", CZECH, _LIGATURES, {4: "4x4-cs", 5: "5x5-cs", 6: "6x6-cs"}
        ),
        "da": _language(
            "da", "Dansk", DANO_NORWEGIAN, {"ä": "æ", "ö": "ø", "œ": "oe"},
            {4: "4x4-da", 5: "5x5-da", 6: "6x6-da"},
        ),
        "el": _language(
            "el", "Ελληνικά", GREEK_LETTERS, {"ς": "σ"}, {4: "4x4-el", 5: "5x5-el", 6: "6x6-el"},
            GREEK,
        ),
        "fi": _language(
            "fi", "Suomi", FINNISH, {**_LIGATURES, "š": "sh", "ž": "zh"},
            {4: "4x4-fi", 5: "5x5-fi", 6: "6x6-fi"},
        ),
        "hr": _language(
            "hr", "Hrvatski", CROATIAN, {"ǆ": "dž", "ǉ": "lj", "ǌ": "nj"},
            {4: "4x4-hr", 5: "5x5-hr", 6: "6x6-hr"},
        ),
        "hu": _language(
            "hu", "Magyar", HUNGARIAN, {"ő": "ö", "ű": "ü", "õ": "ö", "ô": "ö", "û": "ü"},
            {4: "4x4-hu", 5: "5x5-hu", 6: "6x6-hu"},
        ),
        "id": _language(
            "id", "Bahasa Indonesia", LATIN, _LIGATURES, {4: "4x4-id", 5: "5x5-id", 6: "6x6-id"}
        ),
        "it": _language(
            "it", "Italiano", LATIN, _LIGATURES, {4: "4x4-it", 5: "5x5-it", 6: "6x6-it"}
        ),
        "lt": _language(
            "lt", "Lietuvių", LITHUANIAN, {}, {4: "4x4-lt", 5: "5x5-lt", 6: "6x6-lt"}
        ),
        "no": _language(
            "no", "Norsk", DANO_NORWEGIAN, {"ä": "æ", "ö": "ø", "œ": "oe"},
            {4: "4x4-no", 5: "5x5-no", 6: "6x6-no"},
        ),
        "ro": _language(
            "ro", "Română", LATIN, _LIGATURES, {4: "4x4-ro", 5: "5x5-ro", 6: "6x6-ro"}
        ),
        "sv": _language(
            "sv", "Svenska", SWEDISH, {"æ": "ä", "ø": "ö", "œ": "oe"},
            {4: "4x4-sv", 5: "5x5-sv", 6: "6x6-sv"},
        ),
        "tr": _language(
            "tr", "Türkçe", TURKISH_LETTERS, {}, {4: "4x4-tr", 5: "5x5-tr", 6: "6x6-tr"},
            TURKISH,
        ),
        "ru": _language(
            "ru", "Русский", RUSSIAN, {"ё": "е"}, {4: "4x4-ru", 5: "5x5-ru", 6: "6x6-ru"}
        ),
        "uk": _language(
            "uk", "Українська", UKRAINIAN, APOSTROPHES, {4: "4x4-uk", 5: "5x5-uk", 6: "6x6-uk"}
        ),
    }
)  # fmt: skip


def language(code: str) -> Language:
    """The language with this code; LanguageError listing the codes there are."""
    found = LANGUAGES.get(code)
    if found is None:
        codes = ", ".join(LANGUAGE_CODES)
        raise LanguageError(LanguageProblem.UNKNOWN_LANGUAGE, code=code, codes=codes)
    return found


def dice_language(name: str) -> str:
    """The language a dice set is for: the one it is a default of, else the one its name ends
    with (``4x4-fr``), else English (the a-z sets of the English editions, ``4x4-classic``). A
    board rolled from a set is a board of that language: its letters are that alphabet's."""
    for lang in LANGUAGES.values():
        if name in lang.dice.values():
            return lang.code
    suffix = name.rsplit("-", 1)[-1]
    return suffix if suffix in LANGUAGES else DEFAULT_LANGUAGE


def check_dictionary(name: str) -> str:
    """``name`` when it is one of DICTIONARIES, else LanguageError listing them."""
    if name not in DICTIONARIES:
        names = ", ".join(DICTIONARIES)
        raise LanguageError(LanguageProblem.UNKNOWN_DICTIONARY, name=name, dictionaries=names)
    return name


def lexicon_for(lang: Language | str, cache_dir: str | os.PathLike[str] | None = None) -> Lexicon:
    """The language's lexicon (its word list in its alphabet, with its frequencies), from the
    cache when it holds a sound copy, else built (seconds, and several times the memory of the
    result: a long-lived process builds it with ``python -m core.compile --lang CODE``)."""
    chosen = language(lang) if isinstance(lang, str) else lang
    return load(
        chosen.words_file,
        cache_dir,
        alphabet=chosen.alphabet,
        frequencies=chosen.frequency_file,
        spellings=chosen.spellings_file,
        fold=chosen.fold,
    )


def cached_lexicon_for(
    lang: Language | str, cache_dir: str | os.PathLike[str] | None = None
) -> Lexicon | None:
    """The language's lexicon when the cache holds it, else None (never builds)."""
    chosen = language(lang) if isinstance(lang, str) else lang
    return cached(
        chosen.words_file,
        cache_dir,
        alphabet=chosen.alphabet,
        frequencies=chosen.frequency_file,
        spellings=chosen.spellings_file,
    )


def shown_spelling(
    lang: Language | str, spell: Callable[[str], str], word: str, typed: str | None = None
) -> str:
    """How to show a (folded) word: as the player typed it when that folds to the word (their
    own spelling, lowercased: "Été" -> "été", "pêche" where the dictionary says "péché", and
    "ete" as typed: Spanish "esta" and "está" are both words), else as the dictionary spells it
    (``spell``, ``Lexicon.spelling`` say: "ete" -> "été", "gruen" -> "grün"): a missed word, or
    no ``typed``."""
    chosen = language(lang) if isinstance(lang, str) else lang
    if typed is not None:
        own = chosen.casing.lower(unicodedata.normalize("NFC", typed.strip()))
        if chosen.fold(own) == word:
            return own
    return spell(word)
