"""``/boggle-config season``: a server's seasons (a month, a quarter or off), the recap's channel
and the champion's role (accepted with a warning when the bot could not give it). Manage Server
only, as the rest of ``/boggle-config`` (the server settings' group, which it joins)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import managed_server, tell
from bot.discord.roles import RoleTrouble, role_trouble
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.seasons.discord.uses import SEASONS
from bot.seasons.model import SeasonSettings
from core.seasons import SeasonLength

WARNINGS = {  # a role set that the bot could not give: what it lacks
    RoleTrouble.MANAGE_ROLES: "seasons.role_warning_manage_roles",
    RoleTrouble.POSITION: "seasons.role_warning_position",
}
LENGTH_CHOICES = [choice(f"seasons.length_{n.value}", n.value) for n in SeasonLength]


def season_settings_text(settings: SeasonSettings, language: str) -> str:
    """The season settings in one line."""
    channel = (
        f"<#{settings.announce_channel}>"
        if settings.announce_channel
        else text("seasons.daily_channel", language)
    )
    role = (
        f"<@&{settings.champion_role}>"
        if settings.champion_role
        else text("seasons.no_role", language)
    )
    length = text(f"seasons.length_{settings.length}", language)
    return text("seasons.saved", language, length=length, channel=channel, role=role)


@app_commands.describe(
    length=text("seasons.command_length"),
    channel=text("seasons.command_channel"),
    role=text("seasons.command_role"),
    no_role=text("seasons.command_no_role"),
)
@app_commands.choices(length=LENGTH_CHOICES)
@app_commands.rename(no_role="no-role")
async def season(
    interaction: discord.Interaction,
    length: str | None = None,
    channel: discord.TextChannel | None = None,
    role: discord.Role | None = None,
    no_role: bool = False,
) -> None:
    """Change what is given (nothing given: the settings as they are), then show them."""
    uses = SEASONS.of(interaction)
    if (guild := await managed_server(interaction, uses.server_settings)) is None:
        return
    changed = await uses.seasons.configure(
        guild,
        length=length,
        channel_id=channel.id if channel else None,
        role_id=role.id if role else None,
        clear_role=no_role,
    )
    language = await uses.server_settings.language(guild)
    said = season_settings_text(changed, language)
    if role is not None and not no_role:  # accepted, with what keeps the bot from giving it
        trouble = await role_trouble(interaction.client, guild, role.id)
        if trouble is not None:
            warning = text(WARNINGS[trouble], language, role=role.mention)
            said = f"{said}\n{warning}"
    await tell(interaction, said)


def season_command() -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(
        name="season", description=text("seasons.command_config"), callback=season
    )
