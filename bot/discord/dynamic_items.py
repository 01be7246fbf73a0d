"""The services behind an interaction, for what discord.py builds itself (dynamic items, from a
custom id after any restart) and so cannot be handed them."""

from __future__ import annotations

import discord

from bot.services import Services


def services_of(interaction: discord.Interaction) -> Services:
    services = getattr(interaction.client, "services", None)
    if not isinstance(services, Services):
        raise RuntimeError("the interaction's client has no Boggle services")
    return services
