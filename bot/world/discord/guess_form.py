"""The Guess button on a world channel's board and the form it opens: several words at once,
judged as chat is, answered privately. The round's number is in the button: a board of a round
that has closed says so."""

from __future__ import annotations

from typing import Any

import discord

from bot.discord.forms import FormButton, WordsForm, send_form, sent_form
from bot.discord.render.text import CONTENT_LIMIT, fit
from bot.kernel.refusal import Refusal
from bot.world.discord.render import verdict_lines, yours_text
from bot.world.discord.uses import WORLD, WorldUses

FORM = "world:guess-form"  # a world round's form of words: world:guess-form:<number>


class WorldGuessButton(FormButton, prefix="world:guess"):
    """A world board's Guess button: the form of words for that round, in the channel's language."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        uses = WORLD.of(interaction)
        language = await _language(uses, interaction)
        refused = _closed(uses, self.target_id, language)
        if refused is not None:
            await interaction.response.send_message(refused, ephemeral=True)
            return
        form = WordsForm(FORM, self.target_id, language)
        await send_form(form)(interaction)  # answered by on_world_guess_form


async def on_world_guess_form(interaction: discord.Interaction[Any]) -> None:
    """A world board's Guess form sent back, whichever process opened it."""
    sent = sent_form(interaction, FORM)
    if sent is None:
        return
    number, words = sent
    uses = WORLD.of(interaction)
    language = await _language(uses, interaction)
    refused = _closed(uses, number, language)
    if refused is not None:
        await interaction.response.send_message(refused, ephemeral=True)
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    user = interaction.user
    guild = interaction.guild_id
    guessed = await uses.world.guess(
        user.id, user.display_name, language, guild, interaction.channel_id or 0, words
    )
    if isinstance(guessed, Refusal):
        await interaction.followup.send(guessed.text(language), ephemeral=True)
        return
    lines = [*verdict_lines(guessed.judgements, language), yours_text(guessed.play, language)]
    await interaction.followup.send(fit("\n".join(lines), CONTENT_LIMIT), ephemeral=True)


async def _language(uses: WorldUses, interaction: discord.Interaction[Any]) -> str:
    """The world channel's language (else the server's)."""
    channel = uses.world.channels.get(interaction.channel_id or 0)
    if channel is not None:
        return channel.language
    return await uses.server_settings.language(interaction.guild_id)


def _closed(uses: WorldUses, number: int, language: str) -> str | None:
    """What a click on an older round's board is told: the next round's opening."""
    if uses.world.open_number() == number:
        return None
    return uses.world.until_next("world_round.closed", language).text(language)


def world_board_view(number: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(WorldGuessButton(number, language))
    return view
