"""The results' Play again button: any results message works, after any restart."""

from __future__ import annotations

import discord

from bot.discord.answers import refusal_text, tell
from bot.discord.buttons import IdButton
from bot.discord.result_buttons import round_buttons
from bot.kernel.refusal import Refusal
from bot.rounds.discord.my_result import MyResultButton
from bot.rounds.discord.starting import begin_round
from bot.rounds.discord.uses import ROUNDS


class PlayAgain(
    IdButton,
    prefix="boggle:again",
    label="again.label",
    emoji="🔁",
    style=discord.ButtonStyle.primary,
):
    """The results' button: the next round in the same channel with the same options. Its
    custom id carries the round's id, so any results message works, after any restart."""

    async def callback(self, interaction: discord.Interaction) -> None:
        uses = ROUNDS.of(interaction)
        again = await uses.rounds.again(
            self.target_id,
            interaction.channel_id or 0,
            interaction.user.id,
            interaction.permissions.manage_messages,
        )
        if isinstance(again, Refusal):
            await tell(interaction, await refusal_text(uses.server_settings, interaction, again))
            return
        options, guild_id = again
        server = await uses.server_settings.of(guild_id)
        await begin_round(uses.rounds, interaction, options, server)


def again_view(round_id: int, language: str) -> discord.ui.View:
    """The view the results carry (labelled in the round's ``language``): persistent (no
    timeout), answered by ``PlayAgain`` and ``MyResultButton``."""
    view = discord.ui.View(timeout=None)
    view.add_item(PlayAgain(round_id, language))
    view.add_item(MyResultButton(round_id, language))
    for item in round_buttons(round_id, language):
        view.add_item(item)
    return view
