"""What the world round's Discord side uses, and nothing else: built by the composition root
(``bot.app``), handed to ``setup``, and to ``/boggle-config world`` through ``WORLD``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.discord.dynamic_items import Registry
from bot.pictures.pictures import Pictures
from bot.server_settings.service import ServerSettingsService
from bot.world.service import WorldService


@dataclass(frozen=True)
class WorldUses:
    world: WorldService
    server_settings: ServerSettingsService  # who may configure; the server's language
    pictures: Pictures  # the board's picture
    # Whether a channel runs a round of its own: its chat is meant for that round's board.
    has_own_round: Callable[[int], bool]


WORLD: Registry[WorldUses] = Registry("world")
