"""The Definitions buttons of a round's results and of a daily attempt's result: privately, the
meanings of the clicking player's own words and of the best words they missed, a line each,
within Discord's 2,000 characters. Each custom id carries the round's (the attempt's) id, so any
results message works, after any restart."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.daily.service import DailyState
from bot.definitions.discord.render import word_line, words_text
from bot.definitions.discord.uses import DEFINITIONS
from bot.discord.answers import reader_language, tell
from bot.discord.buttons import IdButton
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal
from core.round import Verdict

MISSED_SHOWN = 8  # the best missed words defined


class DefineWords(IdButton, prefix="boggle:define", label="definitions.button", emoji="📖"):
    """The results' Definitions button (labelled in the round's language)."""

    async def callback(self, interaction: discord.Interaction) -> None:
        rounds = DEFINITIONS.of(interaction).rounds
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = await rounds.words_of_round(self.target_id, interaction.user.id)
        if isinstance(words, Refusal):
            await tell(interaction, words.text(reader_language(interaction)))
            return
        await tell_words(interaction, words.language, words.yours, words.missed[:MISSED_SHOWN])


class DefineAttempt(IdButton, prefix="daily:define", label="definitions.button", emoji="📖"):
    """A daily result's Definitions button (labelled in the attempt's language): its player's
    words and the best words they missed (the result's order: most common first); anyone
    else's click is refused as the daily's other buttons refuse it."""

    async def callback(self, interaction: discord.Interaction) -> None:
        daily = DEFINITIONS.of(interaction).daily
        await interaction.response.defer(ephemeral=True, thinking=True)
        attempt = await daily.attempt_of(interaction.user.id, self.target_id)
        if isinstance(attempt, Refusal):
            await tell(interaction, attempt.text(reader_language(interaction)))
            return
        yours, missed = attempt_words(await daily.state(attempt))
        await tell_words(interaction, attempt.language, yours, missed[:MISSED_SHOWN])


def attempt_words(state: DailyState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A daily attempt's accepted words, longest first, and its missed words as its result
    lists them (none while it runs)."""
    found = {g.word for g in state.guesses if g.verdict is Verdict.ACCEPTED}
    yours = tuple(sorted(found, key=lambda w: (-len(w), w)))
    missed = tuple(w for w, _ in state.result.missed) if state.result is not None else ()
    return yours, missed


async def tell_words(
    interaction: discord.Interaction,
    language: str,
    yours: Sequence[str],
    missed: Sequence[str],
) -> None:
    """The player's words and the missed ones, each with its first meaning, as one private
    answer in ``language``."""
    if not yours and not missed:
        await tell(interaction, text("definitions.nothing", language))
        return
    definitions = DEFINITIONS.of(interaction).definitions
    found = await definitions.define_all([*yours, *missed], language, senses=1)
    if isinstance(found, Refusal):
        await tell(interaction, found.text(language))
        return

    def lines(chosen: Sequence[str]) -> list[str]:
        return [
            word_line(found[w], definitions.shown(found[w], language), language) for w in chosen
        ]

    sections = [
        (text("definitions.yours", language), lines(yours)),
        (text("definitions.missed", language), lines(missed)),
    ]
    await tell(interaction, words_text(sections, language))
