"""The Definitions buttons of a round's results and of a daily attempt's result: privately, the
meanings of the clicking player's own words and of the best words they missed, a line each,
within Discord's 2,000 characters. Each custom id carries the round's (the attempt's) id, so any
results message works, after any restart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.daily.service import DailyState
from bot.definitions.discord.render import word_line, words_text
from bot.definitions.discord.uses import DEFINITIONS
from bot.discord.answers import reader_language, tell
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.refusal import Refusal
from core.round import Verdict

DEFINE_ID = "boggle:define:{round_id}"
DAILY_DEFINE_ID = "daily:define:{attempt_id}"
MISSED_SHOWN = 8  # the best missed words defined


def define_button(custom_id: str, language: str) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=text("definitions.button", language),
        emoji="📖",
        style=discord.ButtonStyle.secondary,
        custom_id=custom_id,
    )


class DefineWords(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"boggle:define:(?P<id>[0-9]+)"
):
    """The results' Definitions button (labelled in the round's language)."""

    def __init__(self, round_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(define_button(DEFINE_ID.format(round_id=round_id), language))
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DefineWords:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        rounds = DEFINITIONS.of(interaction).rounds
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = await rounds.words_of_round(self.round_id, interaction.user.id)
        if isinstance(words, Refusal):
            await tell(interaction, words.text(reader_language(interaction)))
            return
        await tell_words(interaction, words.language, words.yours, words.missed[:MISSED_SHOWN])


class DefineAttempt(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"daily:define:(?P<id>[0-9]+)"
):
    """A daily result's Definitions button (labelled in the attempt's language): its player's
    words and the best words they missed (the result's order: most common first); anyone
    else's click is refused as the daily's other buttons refuse it."""

    def __init__(self, attempt_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(define_button(DAILY_DEFINE_ID.format(attempt_id=attempt_id), language))
        self.attempt_id = attempt_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DefineAttempt:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        daily = DEFINITIONS.of(interaction).daily
        await interaction.response.defer(ephemeral=True, thinking=True)
        attempt = await daily.attempt_of(interaction.user.id, self.attempt_id)
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
