"""The results' Definitions button: privately, the meanings of the clicking player's own words
and of the best words nobody found, a line each, within Discord's 2,000 characters. Its custom
id carries the round's id, so any results message works, after any restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.definitions.discord.render import word_line, words_text
from bot.discord.answers import reader_language, tell
from bot.discord.dynamic_items import services_of
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.refusal import Refusal

DEFINE_ID = "boggle:define:{round_id}"
MISSED_SHOWN = 8  # the best missed words defined


class DefineWords(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"boggle:define:(?P<id>[0-9]+)"
):
    """The results' Definitions button (labelled in the round's language)."""

    def __init__(self, round_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(
            discord.ui.Button(
                label=text("definitions.button", language),
                emoji="📖",
                style=discord.ButtonStyle.secondary,
                custom_id=DEFINE_ID.format(round_id=round_id),
            )
        )
        self.round_id = round_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DefineWords:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = await services.rounds.words_of_round(self.round_id, interaction.user.id)
        if isinstance(words, Refusal):
            await tell(interaction, words.text(reader_language(interaction)))
            return
        language, missed = words.language, words.missed[:MISSED_SHOWN]
        if not words.yours and not missed:
            await tell(interaction, text("definitions.nothing", language))
            return
        found = await services.definitions.define_all([*words.yours, *missed], language, senses=1)
        if isinstance(found, Refusal):
            await tell(interaction, found.text(language))
            return
        definitions = services.definitions

        def lines(chosen: tuple[str, ...]) -> list[str]:
            return [
                word_line(found[w], definitions.shown(found[w], language), language) for w in chosen
            ]

        sections = [
            (text("definitions.yours", language), lines(words.yours)),
            (text("definitions.missed", language), lines(missed)),
        ]
        await tell(interaction, words_text(sections, language))
