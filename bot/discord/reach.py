"""Where a command reaches: the daily board and the world round are a player's own, so their
commands work everywhere the player is (a server, a DM, a group DM), with the bot installed on
the server or by the player."""

from __future__ import annotations

from typing import TypeVar

from discord import app_commands

T = TypeVar("T")


def anywhere(command: T) -> T:
    """The command in every context, for both kinds of install."""
    everywhere = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    both_installs = app_commands.allowed_installs(guilds=True, users=True)
    return both_installs(everywhere(command))
