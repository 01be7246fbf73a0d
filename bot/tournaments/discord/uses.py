"""What the tournaments' Discord side uses, and nothing else: built by the composition root
(``bot.app``), handed to ``setup``, and to the sign-up buttons through ``TOURNAMENTS``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.discord.dynamic_items import Registry
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService
from bot.tournaments.service import TournamentService


@dataclass(frozen=True)
class TournamentsUses:
    tournaments: TournamentService
    rounds: RoundService  # a cancelled tournament's round stopped
    server_settings: ServerSettingsService  # the server's defaults, language and time zone
    clock: Callable[[], float]  # "start at" read against now


TOURNAMENTS: Registry[TournamentsUses] = Registry("tournaments")
