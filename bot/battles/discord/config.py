"""``/boggle-config battles``: whether the server takes part in server battles, and under which
name. Manage Server only, as the rest of ``/boggle-config`` (the server settings' group, which
it joins)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.battles.discord.render import entry_text
from bot.battles.discord.uses import BATTLES
from bot.battles.model import EntryChanged
from bot.discord.answers import managed_server, refuse, tell
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.kernel.refusal import Refusal

STATE_CHOICES = [choice("battles.choice_on", "on"), choice("battles.choice_off", "off")]


@app_commands.describe(state=text("battles.command_state"), name=text("battles.command_name"))
@app_commands.choices(state=STATE_CHOICES)
async def battles_entry(
    interaction: discord.Interaction,
    state: str | None = None,
    name: app_commands.Range[str, 1, 32] | None = None,
) -> None:
    """Change what is given (nothing given: the entry as it is), then show it."""
    uses = BATTLES.of(interaction)
    guild = await managed_server(interaction, uses.server_settings)
    if guild is None or interaction.guild is None:
        return
    changed: EntryChanged | Refusal
    if state is None and name is None:
        changed = await uses.battles.entry(guild)
    else:
        joined = None if state is None else state == "on"
        changed = await uses.battles.enter(guild, interaction.guild.name, joined, name)
    if isinstance(changed, Refusal):
        await refuse(interaction, changed)
    else:
        await tell(interaction, entry_text(changed))


def battles_command() -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(
        name="battles", description=text("battles.command_config"), callback=battles_entry
    )
