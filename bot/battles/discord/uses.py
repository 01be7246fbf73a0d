"""What the battles' Discord side uses, and nothing else: built by the composition root
(``bot.app``), handed to ``setup``, and to ``/boggle-config battles`` (a plain function
discord.py calls) through ``BATTLES``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.battles.service import BattleService
from bot.discord.dynamic_items import Registry
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class BattlesUses:
    battles: BattleService
    server_settings: ServerSettingsService  # who may configure, in the server's language


BATTLES: Registry[BattlesUses] = Registry("battles")
