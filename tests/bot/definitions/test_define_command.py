"""``/boggle define`` through the real client and the stand-in, in the four languages: a word,
an inflected form (worded in the word's language), a valid word without a gloss, a non-word;
Spanish says plainly it has no definitions. The indexes are read from the machine's cache on first
use (nothing opened at start-up)."""

from __future__ import annotations

import pytest

from tests.bot.harness import Harness


async def define(game: Harness, word: str, language: str | None = None) -> str:
    options = {"word": word} | ({"language": language} if language else {})
    handle = await game.standin.slash("boggle", "bob", "boggle define", options)
    answer = await handle.followup()
    assert answer.ephemeral
    assert len(answer.content) <= 2000
    return answer.content


# (language, a word and a gloss of it, a form and its wording, a word with no gloss, a non-word)
CASES = [
    ("en", "goose", "web-footed", "geese", "**geese** · plural of *goose*", "varroa",
     "not in the English dictionary"),
    ("fr", "maison", "habitation", "chevaux", "**chevaux** · pluriel de *cheval*", "cet",
     "n'est pas dans le dictionnaire (français)"),
    ("de", "haus", "Gebäude", "häusern", "**häusern** · Plural von *Haus*", "verbau",
     "steht nicht im Wörterbuch (Deutsch)"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
async def test_define_in_each_language(
    play: Harness, case: tuple[str, str, str, str, str, str, str]
) -> None:
    code, word, gloss, form, worded, no_gloss, not_a_word = case
    assert play.services.definitions.opened() == []  # nothing opened at start-up
    answer = await define(play, word, code)
    assert answer.startswith(f"**{word}**") and gloss in answer
    assert "\n1. " in answer  # senses numbered
    assert worded in await define(play, form, code)
    valid = {
        "en": "is a valid word, but",
        "fr": "est un mot valide, mais",
        "de": "ist ein gültiges Wort, aber",
    }
    assert f"**{no_gloss}** {valid[code]}" in await define(play, no_gloss, code)
    assert not_a_word in await define(play, "qzxqzx", code)
    assert play.services.definitions.opened() == [code]


async def test_spanish_says_it_has_no_definitions(play: Harness) -> None:
    said = await define(play, "árbol", "es")
    assert said == "**árbol** es una palabra válida. El juego no tiene definiciones en español."
    assert "no está en el diccionario (español)" in await define(play, "qzxqzx", "es")


async def test_the_server_language_is_the_default(play: Harness) -> None:
    answer = await define(play, "walked")
    assert answer.startswith("**walked** · past tense of *walk*\n1. *verb* ")
