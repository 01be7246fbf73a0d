"""What ``/boggle-config`` uses, and nothing else: built by the composition root (``bot.app``),
handed to ``setup``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.server_settings.model import ReadDefaults
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class ServerSettingsUses:
    server_settings: ServerSettingsService
    round_defaults: ReadDefaults  # what a round would take: ``show`` shows it
