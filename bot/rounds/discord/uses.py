"""What the rounds' Discord side uses, and nothing else: built by the composition root
(``bot.app``), handed to ``setup``, and to the buttons discord.py rebuilds through ``ROUNDS``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.discord.dynamic_items import Registry
from bot.pictures.pictures import Pictures
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class RoundsUses:
    rounds: RoundService
    server_settings: ServerSettingsService  # the server's defaults; a refusal's language
    pictures: Pictures  # the board's picture in its channel
    activity: bool  # the application has an Activity: the board offers "Play on the board"
    clock: Callable[[], float]  # the status's countdown
    # Where ``/guess`` goes in a channel with no round of its own (a world channel): whether it
    # took the guess (and answered).
    elsewhere: Callable[[discord.Interaction, str], Awaitable[bool]] | None = None


ROUNDS: Registry[RoundsUses] = Registry("rounds")
