"""``anywhere``: a command in every context (a server, a DM, a group DM), for both installs."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.discord.reach import anywhere


@app_commands.command(name="sample", description="A command of the tests' own.")
@anywhere
async def sample(interaction: discord.Interaction) -> None: ...


@app_commands.command(name="plain", description="Another, left as Discord has it.")
async def plain(interaction: discord.Interaction) -> None: ...


def test_a_command_anywhere_reaches_every_context_and_both_installs() -> None:
    contexts, installs = sample.allowed_contexts, sample.allowed_installs
    assert contexts is not None and installs is not None
    assert (contexts.guild, contexts.dm_channel, contexts.private_channel) == (True, True, True)
    assert (installs.guild, installs.user) == (True, True)
    assert (plain.allowed_contexts, plain.allowed_installs) == (None, None)
