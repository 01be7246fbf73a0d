"""``/boggle-config world``: the channel that shows every world round, and its language. Manage
Server only, as the rest of ``/boggle-config`` (the server settings' group, which it joins)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.answers import managed_server, tell
from bot.discord.choices import LANGUAGE_CHOICES
from bot.discord.translator import choice
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from bot.world.discord.render import every_text
from bot.world.discord.uses import WORLD
from bot.world.model import WorldChannel

STATE_CHOICES = [choice("world_round.choice_on", "on"), choice("world_round.choice_off", "off")]


@app_commands.describe(
    channel=text("world_round.command_channel"),
    language=text("world_round.command_language"),
    state=text("world_round.command_state"),
)
@app_commands.choices(language=LANGUAGE_CHOICES, state=STATE_CHOICES)
async def world_config(
    interaction: discord.Interaction,
    channel: discord.TextChannel | None = None,
    language: str | None = None,
    state: str | None = None,
) -> None:
    """Set the world channel (and its language), turn it off, or show it."""
    uses = WORLD.of(interaction)
    guild = await managed_server(interaction, uses.server_settings)
    if guild is None or interaction.guild is None:
        return
    reply = await uses.server_settings.language(guild)
    world = uses.world
    if state == "off":
        await world.clear_channel(guild)
        await tell(interaction, text("world_round.channel_off", reply))
        return
    current = await world.world_channel(guild)
    if channel is None and language is None:
        if current is None:
            await tell(interaction, text("world_round.channel_none", reply))
        else:
            name = language_name(current.language)
            await tell(
                interaction,
                text(
                    "world_round.channel_unchanged",
                    reply,
                    channel=f"<#{current.channel_id}>",
                    lang=name,
                ),
            )
        return
    target = channel.id if channel is not None else current.channel_id if current else None
    if target is None:
        await tell(interaction, text("world_round.channel_none", reply))
        return
    chosen = language or (current.language if current else reply)
    place = interaction.guild.get_channel(target)
    me = interaction.guild.me
    if not isinstance(place, discord.TextChannel) or not _may_post(place.permissions_for(me)):
        await tell(interaction, text("world_round.cannot_post", reply, channel=f"<#{target}>"))
        return
    await world.set_channel(WorldChannel(guild, target, chosen))
    every = every_text(world.every, reply)
    lang = language_name(chosen)
    await tell(
        interaction,
        text("world_round.channel_set", reply, channel=f"<#{target}>", lang=lang, every=every),
    )


def _may_post(permissions: discord.Permissions) -> bool:
    return permissions.view_channel and permissions.send_messages and permissions.attach_files


def world_command() -> app_commands.Command[Any, ..., None]:
    return app_commands.Command(
        name="world", description=text("world_round.command_config"), callback=world_config
    )
