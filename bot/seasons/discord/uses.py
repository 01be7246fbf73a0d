"""What the seasons' Discord side uses, and nothing else: built by the composition root
(``bot.app``), handed to ``setup``, and to ``/boggle-config season`` (a plain function
discord.py calls) through ``SEASONS``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.discord.dynamic_items import Registry
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class SeasonsUses:
    seasons: SeasonService
    server_settings: ServerSettingsService  # who may configure, in the server's language


SEASONS: Registry[SeasonsUses] = Registry("seasons")
