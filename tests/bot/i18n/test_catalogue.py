"""The message catalogue: every key the code asks for exists, with the fields the code fills."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest

from bot.definitions.service import FORM_KEYS, POS_KEYS
from bot.discord.render.text import BOARD_FILE, MISSED_FILE, PATH_FILE
from bot.i18n.catalogue import (
    catalogue,
    catalogue_files,
    count,
    merged,
    plural_form,
    plural_forms,
    text,
)
from bot.i18n.languages import DICTIONARIES, LANGUAGE_CODES
from bot.kernel.options import OptionError
from bot.rounds.discord.results import found_line
from bot.rounds.events import Ending
from bot.rounds.options import replayed, round_options
from core.achievements import ACHIEVEMENTS
from core.codes import encode
from core.commonness import Band
from core.coop import Medal
from core.dice import dice_set
from core.round import Mode, Results, Verdict
from core.rules import Timer
from core.seasons import SeasonLength

BOT = Path(__file__).resolve().parents[3] / "bot"
SECTIONS = sorted({key.split(".")[0] for key in catalogue()})
LITERAL_KEY = re.compile(rf"""["']((?:{"|".join(SECTIONS)})\.[a-z_]+)["']""")
# Attachments' names: literals of the keys' form ("board.png") that are no keys.
FILE_NAMES = {BOARD_FILE, PATH_FILE, MISSED_FILE}
PLURAL_UNIT = re.compile(
    r"""\bplural\([^()]*(?:\([^()]*\))?[^()]*,\s*["']([a-z_]+)["']\s*(?:,\s*[a-z_.]+\s*)?\)"""
)


def keys_asked_for() -> set[str]:
    keys: set[str] = set()
    for path in BOT.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        keys |= set(LITERAL_KEY.findall(source)) - FILE_NAMES
        keys |= {f"units.{unit}" for unit in PLURAL_UNIT.findall(source)}
    keys |= {f"modes.{m.value}" for m in Mode} | {f"mode_names.{m.value}" for m in Mode}
    keys |= {f"dictionaries.{name}" for name in DICTIONARIES}
    keys |= {f"choices.language_{code}" for code in LANGUAGE_CODES}
    keys |= {f"language_names.{code}" for code in LANGUAGE_CODES}
    keys |= {f"bands.{band.value}" for band in Band}
    keys |= {f"reasons.{v.value}" for v in Verdict if v is not Verdict.ACCEPTED}
    keys |= {f"verdicts.{v.value}" for v in Verdict}
    keys |= {f"board.{e.value}" for e in Ending}
    keys |= {f"coop_timers.timer_{t.value}" for t in Timer}
    keys |= {f"coop_timers.medal_{m.value}" for m in Medal}
    keys |= set(FORM_KEYS.values()) | set(POS_KEYS.values())
    keys |= {f"achievements.{a.code}_{part}" for a in ACHIEVEMENTS for part in ("name", "what")}
    keys |= {f"seasons.length_{n.value}" for n in SeasonLength}
    return keys


def test_every_key_the_code_asks_for_exists_and_none_is_dead() -> None:
    asked = keys_asked_for()
    known = set(catalogue())
    assert asked - known == set()
    assert known - asked == set(), "entries nothing uses"


def test_plural_forms() -> None:
    assert count(1, "units.word") == "1 word"
    assert count(2, "units.word") == "2 words"
    assert count(0, "units.pt") == "0 pts"
    with pytest.raises(KeyError):
        text("units.word")


def test_every_entry_names_only_fields_it_is_given() -> None:
    """A typo in a field name is a KeyError at the first use; each entry's fields are plain names."""
    for key, entry in catalogue().items():
        forms = entry.values() if isinstance(entry, dict) else [entry]
        for form in forms:
            fields = [f for _, f, _, _ in string.Formatter().parse(form) if f is not None]
            assert all(re.fullmatch(r"[a-z_]+", f) for f in fields), (key, fields)


def fields_of(form: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(form) if f is not None}


def forms_of(entry: str | dict[str, str]) -> dict[str, str]:
    return entry if isinstance(entry, dict) else {"": entry}


@pytest.mark.parametrize("language", [code for code in LANGUAGE_CODES if code != "en"])
def test_every_translation_has_englishs_keys_and_fields(language: str) -> None:
    """Each catalogue holds exactly en.toml's keys, each entry the same fields (a missing key or
    a stray placeholder fails here, not in front of a player) and the same plural forms."""
    english, translated = catalogue("en"), catalogue(language)
    assert set(translated) - set(english) == set(), "keys English does not have"
    assert set(english) - set(translated) == set(), "keys not translated"
    for key, entry in english.items():
        theirs = translated[key]
        assert isinstance(theirs, dict) == isinstance(entry, dict), key
        ours_forms, their_forms = forms_of(entry), forms_of(theirs)
        expected = set(plural_forms(language)) if isinstance(entry, dict) else {""}
        assert set(their_forms) == expected, key
        for form, theirs_wording in their_forms.items():
            wording = ours_forms.get(form, ours_forms.get("other", ""))
            assert fields_of(theirs_wording) == fields_of(wording), (language, key, form)
            assert their_forms[form].strip(), (language, key, form)
            assert prose(their_forms[form]) != prose(wording) or not prose(wording), (
                language,
                key,
                "still English",
            )


def prose(wording: str) -> list[str]:
    """An entry's words outside fields and `code`, when there are two or more (a lone "Points"
    or "mode" may well read the same in another language)."""
    words = re.findall(r"[^\W\d_]{2,}", re.sub(r"\{[a-z_]+\}|`[^`]*`", "", wording))
    return words if len(words) > 1 else []


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_every_entry_renders_with_sample_fields(language: str) -> None:
    """Rendering every entry of every language, plural forms through ``count``, gives a text with
    its fields filled and no braces left."""
    for key, entry in catalogue(language).items():
        if isinstance(entry, dict):
            for n in (0, 1, 2, 5, 21):
                shown = count(n, key, language)
                assert str(n) in shown and "{" not in shown, (language, key, n)
            continue
        sample = {name: f"<{name}>" for name in fields_of(entry)}
        shown = text(key, language, **sample)
        assert all(value in shown for value in sample.values()), (language, key)
        assert "{" not in shown.replace("{}", ""), (language, key)


@pytest.mark.parametrize(
    ("language", "n", "form"),
    [("en", 0, "other"), ("en", 1, "one"), ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"),
     ("es", 0, "other"), ("es", 1, "one"), ("de", 0, "other"), ("de", 1, "one"), ("de", 3, "other"),
     ("nl", 0, "other"), ("nl", 1, "one"), ("pt", 0, "one"), ("pt", 1, "one"), ("pt", 2, "other"),
     ("pl", 1, "one"), ("pl", 2, "few"), ("pl", 4, "few"), ("pl", 5, "many"), ("pl", 12, "many"),
     ("pl", 0, "many"), ("pl", 22, "few"), ("pl", 112, "many"), ("pl", 21, "many"),
     ("it", 0, "other"), ("it", 1, "one"), ("sv", 1, "one"), ("sv", 2, "other"), ("da", 0, "other"),
     ("da", 1, "one"), ("no", 1, "one"), ("no", 3, "other"), ("id", 0, "other"), ("id", 1, "other"),
     ("id", 7, "other"), ("cs", 0, "other"), ("cs", 1, "one"), ("cs", 2, "few"), ("cs", 4, "few"),
     ("cs", 5, "other"), ("cs", 21, "other"), ("cs", 22, "other"), ("hr", 0, "other"),
     ("hr", 1, "one"), ("hr", 21, "one"), ("hr", 11, "other"), ("hr", 3, "few"), ("hr", 24, "few"),
     ("hr", 13, "other"), ("hr", 5, "other"), ("hr", 111, "other"), ("lt", 1, "one"), ("lt", 21, "one"), ("lt", 11, "other"),
     ("lt", 2, "few"), ("lt", 9, "few"), ("lt", 12, "other"), ("lt", 10, "other"), ("lt", 0, "other"),
     ("lt", 102, "few"), ("lt", 111, "other"), ("ro", 1, "one"), ("ro", 0, "few"), ("ro", 2, "few"),
     ("ro", 19, "few"), ("ro", 20, "other"), ("ro", 100, "other"), ("ro", 101, "few"),
     ("ro", 119, "few"), ("ro", 120, "other"),
     ("bg", 1, "one"), ("bg", 0, "other"), ("bg", 2, "other"), ("el", 1, "one"),
     ("el", 0, "other"), ("el", 5, "other"), ("ru", 1, "one"), ("ru", 21, "one"), ("ru", 11, "many"),
     ("ru", 2, "few"), ("ru", 24, "few"), ("ru", 14, "many"), ("ru", 0, "many"), ("ru", 5, "many"),
     ("ru", 101, "one"), ("ru", 111, "many"), ("uk", 1, "one"), ("uk", 3, "few"),
     ("uk", 12, "many"), ("uk", 31, "one"), ("uk", 0, "many"), ("hu", 1, "one"),
     ("hu", 5, "other")],
)  # fmt: skip
def test_each_language_counts_by_its_own_plural_rule(language: str, n: int, form: str) -> None:
    assert plural_form(n, language) == form


def test_counts_read_naturally_in_each_language() -> None:
    assert count(0, "units.word", "fr") == "0 mot"
    assert count(2, "units.word", "fr") == "2 mots"
    assert count(0, "units.word", "es") == "0 palabras"
    assert count(1, "units.round", "es") == "1 ronda"
    assert count(2, "units.word", "de") == "2 Wörter"
    assert [count(n, "units.word", "pl") for n in (1, 3, 5, 22)] == [
        "1 słowo", "3 słowa", "5 słów", "22 słowa"
    ]  # fmt: skip
    assert (
        count(0, "units.word", "pt") == "0 palavra" and count(4, "units.word", "nl") == "4 woorden"
    )
    assert text("results.winner", "de", name="Ada", points=count(3, "units.pt", "de")) == (
        "🏆 **Ada** gewinnt mit 3 Pkt.!"
    )
    assert [count(n, "units.round", "sv") for n in (1, 2)] == ["1 omgång", "2 omgångar"]
    assert [count(n, "units.win", "no") for n in (1, 2)] == ["1 seier", "2 seirer"]
    assert [count(n, "units.player", "da") for n in (1, 4)] == ["1 spiller", "4 spillere"]
    assert [count(n, "units.word", "it") for n in (1, 0)] == ["1 parola", "0 parole"]
    assert [count(n, "units.word", "id") for n in (1, 5)] == ["1 kata", "5 kata"]
    assert [count(n, "units.word", "cs") for n in (1, 3, 5, 22)] == [
        "1 slovo", "3 slova", "5 slov", "22 slov"
    ]  # fmt: skip
    assert [count(n, "units.pt", "hr") for n in (1, 21, 3, 5, 12)] == [
        "1 bod", "21 bod", "3 boda", "5 bodova", "12 bodova"
    ]  # fmt: skip
    assert [count(n, "units.word", "lt") for n in (1, 3, 10, 21, 15)] == [
        "1 žodis", "3 žodžiai", "10 žodžių", "21 žodis", "15 žodžių"
    ]  # fmt: skip
    assert [count(n, "units.word", "ro") for n in (1, 3, 20, 101)] == [
        "1 cuvânt", "3 cuvinte", "20 de cuvinte", "101 cuvinte"
    ]  # fmt: skip
    assert [count(n, "units.word", "ru") for n in (1, 3, 5, 11, 21)] == [
        "1 слово", "3 слова", "5 слов", "11 слов", "21 слово"
    ]  # fmt: skip
    assert [count(n, "units.player", "uk") for n in (1, 2, 5, 22)] == [
        "1 гравець", "2 гравці", "5 гравців", "22 гравці"
    ]  # fmt: skip
    assert [count(n, "units.word", "hu") for n in (1, 5)] == ["1 szó", "5 szó"]  # singular


# Each language as each reader names it: a French refusal said "English", not "anglais".
READERS_NAMES = {
    "en": {"en": "English", "fr": "French", "es": "Spanish", "de": "German"},
    "fr": {"en": "anglais", "fr": "français", "es": "espagnol", "de": "allemand"},
    "es": {"en": "inglés", "fr": "francés", "es": "español", "de": "alemán"},
    "de": {"en": "Englisch", "fr": "Französisch", "es": "Spanisch", "de": "Deutsch"},
    "nl": {"en": "Engels", "fr": "Frans", "es": "Spaans", "de": "Duits"},
    "pl": {"en": "angielski", "fr": "francuski", "es": "hiszpański", "de": "niemiecki"},
    "pt": {"en": "inglês", "fr": "francês", "es": "espanhol", "de": "alemão"},
    "da": {"en": "engelsk", "fr": "fransk", "es": "spansk", "de": "tysk"},
    "fi": {"en": "englanti", "fr": "ranska", "es": "espanja", "de": "saksa"},
    "hu": {"en": "angol", "fr": "francia", "es": "spanyol", "de": "német"},
    "id": {
        "en": "bahasa Inggris",
        "fr": "bahasa Prancis",
        "es": "bahasa Spanyol",
        "de": "bahasa Jerman",
    },
    "it": {"en": "inglese", "fr": "francese", "es": "spagnolo", "de": "tedesco"},
    "lt": {"en": "anglų", "fr": "prancūzų", "es": "ispanų", "de": "vokiečių"},
    "no": {"en": "engelsk", "fr": "fransk", "es": "spansk", "de": "tysk"},
    "ro": {"en": "engleză", "fr": "franceză", "es": "spaniolă", "de": "germană"},
    "sv": {"en": "engelska", "fr": "franska", "es": "spanska", "de": "tyska"},
    "tr": {"en": "İngilizce", "fr": "Fransızca", "es": "İspanyolca", "de": "Almanca"},
    "cs": {"en": "angličtina", "fr": "francouzština", "es": "španělština", "de": "němčina"},
    "hr": {"en": "engleski", "fr": "francuski", "es": "španjolski", "de": "njemački"},
    "bg": {"en": "английски", "fr": "френски", "es": "испански", "de": "немски"},
    "el": {"en": "αγγλικά", "fr": "γαλλικά", "es": "ισπανικά", "de": "γερμανικά"},
    "ru": {"en": "английский", "fr": "французский", "es": "испанский", "de": "немецкий"},
    "uk": {"en": "англійська", "fr": "французька", "es": "іспанська", "de": "німецька"},
}


@pytest.mark.parametrize("reader", LANGUAGE_CODES)
def test_a_refusal_names_languages_in_its_reader_s_language(reader: str) -> None:

    with pytest.raises(OptionError) as refused:
        round_options(dice="4x4-fr", language="es")
    shown = refused.value.text(reader)
    assert READERS_NAMES[reader]["fr"] in shown and READERS_NAMES[reader]["es"] in shown
    others = {n for r, names in READERS_NAMES.items() if r != reader for n in names.values()}
    foreign = others - set(READERS_NAMES[reader].values())  # whole words: "Frans" in "Fransızca"
    assert not [n for n in foreign if re.search(rf"\b{re.escape(n)}\b", shown)], shown

    english = encode(dice_set("4x4-new").roll(random.Random(1)), "4x4-new")
    with pytest.raises(OptionError) as refused:
        replayed(english, None, None, "de")
    assert READERS_NAMES[reader]["en"] in refused.value.text(reader)


def test_german_counts_words_in_the_dative_after_von() -> None:

    results = Results((), (), (), total_words=87, max_score=300, found_words=0)
    shown = found_line(results, "de")
    assert "von 87 Wörtern" in shown, shown
    assert "of 87 words" in found_line(results, "en")


def test_each_feature_keeps_its_texts_in_its_folder() -> None:
    """A feature's messages come from its own folder (``bot/<feature>/locales``), in every
    language the shared catalogue has."""
    for language in LANGUAGE_CODES:
        folders = {path.parent.parent.name for path in catalogue_files(language)[1:]}
        assert {"rounds", "daily", "standings", "server_settings", "check"} <= folders, language
        assert {"tournaments", "battles", "seasons", "achievements", "definitions"} <= folders
    assert catalogue("fr")["tournaments.command_group"].startswith("Tournois")


def test_a_key_in_two_catalogue_files_is_refused(tmp_path: Path) -> None:
    """Two files defining one key would make the message depend on the order they are read."""
    (tmp_path / "a.toml").write_text('[status]\ntitle = "One"\n')
    (tmp_path / "b.toml").write_text('[status]\ntitle = "Two"\n[other]\nx = "y"\n')
    with pytest.raises(ValueError, match=r"status\.title"):
        merged([tmp_path / "a.toml", tmp_path / "b.toml"])
    assert merged([tmp_path / "a.toml"]) == {"status.title": "One"}
