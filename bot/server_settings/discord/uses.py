"""What ``/boggle-config`` uses, and nothing else: built by the composition root (``bot.app``),
handed to ``setup``, and to ``season`` (a plain function discord.py calls) through
``SERVER_SETTINGS``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.battles.service import BattleService
from bot.discord.dynamic_items import Registry
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class ServerSettingsUses:
    server_settings: ServerSettingsService
    battles: BattleService  # taking part in the server battles
    seasons: SeasonService  # the season's length, channel and role


SERVER_SETTINGS: Registry[ServerSettingsUses] = Registry("server settings")
