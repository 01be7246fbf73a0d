"""What the definitions' Discord side uses, and nothing else: built by the composition root
(``bot.app``), read by ``/boggle define`` and the Definitions buttons through ``DEFINITIONS``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.daily.service import DailyService
from bot.definitions.service import DefinitionsService
from bot.discord.dynamic_items import Registry
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class DefinitionsUses:
    definitions: DefinitionsService
    rounds: RoundService  # a round's words, the player's and the missed
    daily: DailyService  # a daily attempt's
    server_settings: ServerSettingsService  # the server's language


DEFINITIONS: Registry[DefinitionsUses] = Registry("definitions")
