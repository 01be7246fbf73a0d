"""What ``/leaderboard`` and ``/stats`` use, and nothing else: built by the composition root
(``bot.app``) and handed to ``setup``."""

from __future__ import annotations

from dataclasses import dataclass

from bot.achievements.service import AchievementService
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService
from bot.standings.service import StandingsService
from bot.tournaments.service import TournamentService
from bot.world.service import WorldService


@dataclass(frozen=True)
class StandingsUses:
    standings: StandingsService
    seasons: SeasonService  # a season's places
    tournaments: TournamentService  # a player's tournament record
    achievements: AchievementService  # a player's tiers
    server_settings: ServerSettingsService  # the server's language
    world: WorldService  # the world rounds' leaderboard
