"""The sign-up's Join and Leave buttons: their custom ids carry the tournament's id, so a
sign-up post works after any restart."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord.answers import reader_language, tell
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.refusal import Refusal
from bot.tournaments.discord.uses import TOURNAMENTS

LABELS = {"join": "tournaments.join", "leave": "tournaments.leave"}
DONE = {"join": "tournaments.joined", "leave": "tournaments.left"}


class _SignButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tournament:(?P<act>join|leave):(?P<id>[0-9]+)",
):
    def __init__(
        self, act: str, tournament_id: int, language: str = DEFAULT_LANGUAGE, disabled: bool = False
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=text(LABELS[act], language),
                style=discord.ButtonStyle.success
                if act == "join"
                else discord.ButtonStyle.secondary,
                custom_id=f"tournament:{act}:{tournament_id}",
                disabled=disabled,
            )
        )
        self.act = act
        self.tournament_id = tournament_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> _SignButton:
        return cls(match["act"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        service = TOURNAMENTS.of(interaction).tournaments
        user = interaction.user
        if self.act == "join":
            done = await service.join(self.tournament_id, user.id, user.display_name)
        else:
            done = await service.leave(self.tournament_id, user.id)
        if isinstance(done, Refusal):
            await tell(interaction, done.text(reader_language(interaction)))
            return
        t = done.tournament
        await tell(
            interaction,
            text(
                f"tournaments.{'joined' if self.act == 'join' else 'left'}", t.language, name=t.name
            ),
        )


SignButton = _SignButton


def signup_view(tournament_id: int, language: str, open: bool) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for act in ("join", "leave"):
        view.add_item(SignButton(act, tournament_id, language, disabled=not open))
    return view
