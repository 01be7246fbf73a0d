"""The forms of words (``bot.discord.forms``): a form's custom id names its target under its
prefix, and every board's Guess button looks the same under a prefix of its own. A form sent
back is read through the stand-in (``tests/standin/test_modals.py``, the rounds', the world's
and the daily's Discord tests)."""

from __future__ import annotations

import discord

from bot.discord.forms import WORDS_LIMIT, FormButton, WordsForm
from bot.i18n.catalogue import text


class BoardGuess(FormButton, prefix="test:guess"):
    """A board's Guess button of the tests' own."""


async def test_a_form_names_its_target_under_its_prefix() -> None:
    form = WordsForm("test:guess-form", 42, "fr")
    assert form.custom_id == "test:guess-form:42"
    assert form.title == text("guess.modal_title", "fr")
    assert form.words.max_length == WORDS_LIMIT


def test_every_boards_guess_button_looks_the_same_under_its_own_prefix() -> None:
    button = BoardGuess(7, "es")
    look = (button.item.label, str(button.item.emoji), button.item.style)
    assert look == (text("guess.button", "es"), "✍️", discord.ButtonStyle.primary)
    assert (button.custom_id, button.target_id) == ("test:guess:7", 7)
    assert BoardGuess.__discord_ui_compiled_template__.fullmatch("test:guess:7")
    assert not BoardGuess.__discord_ui_compiled_template__.fullmatch("form:7")
