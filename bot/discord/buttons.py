"""A persistent button whose custom id is ``prefix:<number>`` (a round's id, a daily attempt's):
discord.py rebuilds it from the id after any restart, from any message that carries it. A
subclass says its prefix and look, and what a click does."""

from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE


class IdButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"(?!)"):
    """``class PlayAgain(IdButton, prefix="boggle:again", label=..., emoji="🔁")``: drawn as
    ``PlayAgain(round_id, language)`` (labelled in the round's ``language``), rebuilt from
    ``boggle:again:<id>`` with ``target_id`` read back (its label then matters to no one)."""

    PREFIX: str
    LABEL: str  # a catalogue key
    EMOJI: str
    STYLE: discord.ButtonStyle

    def __init_subclass__(
        cls,
        *,
        prefix: str,
        label: str,
        emoji: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init_subclass__(template=rf"{re.escape(prefix)}:(?P<id>[0-9]+)")
        cls.PREFIX, cls.LABEL, cls.EMOJI, cls.STYLE = prefix, label, emoji, style

    def __init__(self, target_id: int, language: str = DEFAULT_LANGUAGE) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(self.LABEL, language),
                emoji=self.EMOJI,
                style=self.STYLE,
                custom_id=f"{self.PREFIX}:{target_id}",
            )
        )
        self.target_id = target_id  # the round's (the attempt's) the click is about

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["id"]))
