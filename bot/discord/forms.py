"""A form of words (the round's Guess button, the world board's, the daily board's): shown, then
forgotten; its answer is read back from its custom id (``<prefix>:<id>``: the round's, the
attempt's) by whoever receives it, so a form opened before a restart, or on another process, is
answered all the same. And the boards' ✍️ Guess button that opens one (``FormButton``)."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.buttons import IdButton
from bot.i18n.catalogue import text

WORDS_LIMIT = 400  # characters a form takes, as /guess words: does


class WordsForm(discord.ui.Modal):
    """One text field for several words about ``target_id``. Shown by ``send_form`` and answered
    from its custom id (``sent_form`` with the same ``prefix``), never by this object: the answer
    may reach another process, or this one after a restart."""

    def __init__(self, prefix: str, target_id: int, language: str) -> None:
        title = text("guess.modal_title", language)
        super().__init__(title=title, custom_id=f"{prefix}:{target_id}")
        self.words: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=text("guess.modal_words", language),
            custom_id="words",
            placeholder=text("guess.modal_placeholder", language),
            max_length=WORDS_LIMIT,
        )
        self.add_item(self.words)


def sent_form(interaction: discord.Interaction[Any], prefix: str) -> tuple[int, str] | None:
    """A words form of ``prefix`` sent back (any process may have opened it, before any restart):
    the id its custom id carries and the words typed; None for any other interaction."""
    if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
        return None
    custom_id = str(interaction.data.get("custom_id", ""))
    match = re.fullmatch(rf"{re.escape(prefix)}:(?P<id>[0-9]+)", custom_id)
    if match is None:
        return None
    return int(match["id"]), _value(interaction.data.get("components", []), "words")


def send_form(form: WordsForm) -> Callable[[discord.Interaction[Any]], Awaitable[None]]:
    """Show ``form``, then forget it: its answer is read from its custom id (``sent_form``), not
    held in this process's memory, so it is answered after a restart too."""

    async def show(interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_modal(form)
        form.stop()

    return show


class FormButton(
    IdButton,
    prefix="form",
    label="guess.button",
    emoji="✍️",
    style=discord.ButtonStyle.primary,
):
    """A board's Guess button, the same on every board: it opens the board's form of words. Each
    board's names its prefix (``class GuessButton(FormButton, prefix="boggle:guess")``) and what
    a click does."""

    def __init_subclass__(cls, *, prefix: str) -> None:
        super().__init_subclass__(prefix=prefix, label=cls.LABEL, emoji=cls.EMOJI, style=cls.STYLE)


def _value(components: Any, custom_id: str) -> str:
    """A text input's value in a modal's answer (inside action rows or labels)."""
    for component in components if isinstance(components, list) else []:
        if not isinstance(component, dict):
            continue
        if component.get("custom_id") == custom_id and "value" in component:
            return str(component["value"])
        inner = component.get("components") or (
            [component["component"]] if "component" in component else []
        )
        found = _value(inner, custom_id)
        if found:
            return found
    return ""
