"""The Guess button on a round's board and the form it opens: several words at once, judged as
chat is, answered privately. The round's id is in the button, so it works after a restart and
refuses politely once that round is over."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.buttons import IdButton
from bot.discord.forms import FormButton, WordsForm, send_form, sent_form
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.refusal import Refusal
from bot.rounds.discord.private_guesses import guess_privately
from bot.rounds.discord.uses import ROUNDS

FORM = "boggle:guess-form"  # a round's form of words: boggle:guess-form:<round id>


class GuessButton(FormButton, prefix="boggle:guess"):
    """A running round's Guess button: the form of words for that round."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        round_id = self.target_id
        shown = await ROUNDS.of(interaction).rounds.guess_form(
            interaction.channel_id or 0, round_id
        )
        if isinstance(shown, Refusal):
            language = shown.language or DEFAULT_LANGUAGE
            await interaction.response.send_message(shown.text(language), ephemeral=True)
            return
        form = WordsForm(FORM, round_id, shown.language)
        await send_form(form)(interaction)  # answered by on_guess_form


async def on_guess_form(interaction: discord.Interaction[Any]) -> None:
    """A round's Guess form sent back, whichever process opened it."""
    sent = sent_form(interaction, FORM)
    if sent is not None:
        round_id, words = sent
        await guess_privately(ROUNDS.of(interaction), interaction, words, round_id)


class ActivityButton(IdButton, prefix="boggle:activity", label="web.play_button", emoji="🎲"):
    """ "Play on the board": Discord opens the application's Activity in this channel
    (``LAUNCH_ACTIVITY``), which joins the round running here."""

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
