"""The Guess button on a round's board and the form it opens: several words at once, judged as
chat is, answered privately. The round's id is in the button, so it works after a restart and
refuses politely once that round is over."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.discord.dynamic_items import services_of
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.refusal import Refusal
from bot.rounds.discord.private_guesses import guess_privately

GUESS_ID = "boggle:guess:{round_id}"
FORM_ID = "boggle:guess-form:{round_id}"
FORM = re.compile(r"boggle:guess-form:(?P<id>[0-9]+)")
WORDS_LIMIT = 400  # characters a form takes, as /guess words: does


class WordsForm(discord.ui.Modal):
    """One text field for several words. Shown by ``send_form`` and answered from its custom id
    (``sent_form``), never by this object: the answer may reach another process, or this one
    after a restart."""

    def __init__(self, custom_id: str, language: str) -> None:
        super().__init__(title=text("guess.modal_title", language), custom_id=custom_id)
        self.words: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=text("guess.modal_words", language),
            custom_id="words",
            placeholder=text("guess.modal_placeholder", language),
            max_length=WORDS_LIMIT,
        )
        self.add_item(self.words)


class GuessButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"boggle:guess:(?P<id>[0-9]+)"
):
    def __init__(self, round_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(
            discord.ui.Button(
                label=text("guess.button", language),
                emoji="✍️",
                style=discord.ButtonStyle.primary,
                custom_id=GUESS_ID.format(round_id=round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GuessButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        services = services_of(interaction)
        shown = await services.rounds.guess_form(interaction.channel_id or 0, self.round_id)
        if isinstance(shown, Refusal):
            language = shown.language or DEFAULT_LANGUAGE
            await interaction.response.send_message(shown.text(language), ephemeral=True)
            return
        form = WordsForm(FORM_ID.format(round_id=self.round_id), shown.language)
        await send_form(form)(interaction)  # answered by on_guess_form


def sent_form(
    interaction: discord.Interaction[Any], custom_id: re.Pattern[str]
) -> tuple[int, str] | None:
    """A words form sent back (any process may have opened it, before any restart): the id its
    custom id carries and the words typed; None for any other interaction."""
    if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
        return None
    match = custom_id.fullmatch(str(interaction.data.get("custom_id", "")))
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


async def on_guess_form(interaction: discord.Interaction[Any]) -> None:
    """A round's Guess form sent back, whichever process opened it."""
    sent = sent_form(interaction, FORM)
    if sent is not None:
        round_id, words = sent
        await guess_privately(services_of(interaction), interaction, words, round_id)


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


class ActivityButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"boggle:activity:(?P<id>[0-9]+)"
):
    """ "Play on the board": Discord opens the application's Activity in this channel
    (``LAUNCH_ACTIVITY``), which joins the round running here."""

    def __init__(self, round_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(
            discord.ui.Button(
                label=text("web.play_button", language),
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"boggle:activity:{round_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActivityButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.launch_activity()


def board_view(round_id: int, language: str, activity: bool = False) -> discord.ui.View:
    """What a running round's board carries: its Guess button (persistent, no timeout), and
    "Play on the board" where the application has an Activity (BOGGLE_ACTIVITY)."""
    view = discord.ui.View(timeout=None)
    view.add_item(GuessButton(round_id, language))
    if activity:
        view.add_item(ActivityButton(round_id, language))
    return view
