"""``python -m core define``: its output and exit codes on the shipped definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.core.test_cli import run


@pytest.fixture(scope="module")
def cache(definitions_cache: Path) -> Path:
    """The machine's cache, every language's lexicon and definitions index in it."""
    return definitions_cache


def test_a_form_names_its_lemma_then_the_lemma_senses(cache: Path) -> None:
    result = run("define", "walked", "--cache-dir", cache)
    assert result.code == 0 and result.err == ""
    assert result.out.splitlines() == [
        "walked: past tense of walk",
        "  1. (verb) use one's feet to advance; advance by steps",
        "  2. (verb) accompany or escort",
        "  3. (verb) obtain a base on balls",
    ]


def test_senses_option_and_several_readings(cache: Path) -> None:
    result = run("define", "saw", "--senses", "1", "--cache-dir", cache)
    assert result.code == 0
    blocks = result.out.rstrip("\n").split("\n\n")
    assert blocks[0] == "saw\n  1. (verb) cut with a saw"
    assert (
        blocks[1]
        == "saw: past tense of see\n  1. (verb) perceive by sight or have the power to perceive by sight"
    )


def test_french_as_typed_and_without_parts_of_speech(cache: Path) -> None:
    result = run("define", "Étés", "--lang", "fr", "--senses", "1", "--cache-dir", cache)
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0] == "étés: plural of été"
    assert lines[1].startswith("  1. La plus chaude des quatre saisons")


def test_german_umlaut_plural(cache: Path) -> None:
    result = run("define", "Häusern", "--lang", "de", "--senses", "1", "--cache-dir", cache)
    assert result.out.splitlines() == [
        "häusern: plural of Haus",
        "  1. zu einem bestimmten Zweck erbautes Gebäude",
    ]


def test_valid_word_without_a_definition(cache: Path) -> None:
    result = run("define", "bambi", "--cache-dir", cache)
    assert (result.code, result.out) == (0, "bambi: valid, no definition known\n")


def test_spanish_says_it_has_no_definitions(cache: Path) -> None:
    result = run("define", "árboles", "--lang", "es", "--cache-dir", cache)
    assert result.code == 0
    assert result.out == (
        "árboles: valid, no definition known (the game has no definitions in Español)\n"
    )


def test_not_in_the_dictionary_exits_1(cache: Path) -> None:
    result = run("define", "zzyzxq", "--cache-dir", cache)
    assert (result.code, result.out, result.err) == (1, "zzyzxq: not in the dictionary\n", "")


def test_unknown_language_is_bad_input(cache: Path) -> None:
    result = run("define", "walk", "--lang", "xx", "--cache-dir", cache)
    assert result.code == 2 and result.err.startswith("error: ")
