"""What the Activity's page uses, and nothing else: built by the composition root (``bot.app``)
and handed to ``start_web``; the features' page adapters (``bot/<feature>/web.py``) each get
their own service from it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.achievements.service import AchievementService
from bot.daily.service import DailyService
from bot.definitions.service import DefinitionsService
from bot.kernel.pages import PageDirectory
from bot.rounds.service import RoundService
from bot.seasons.service import SeasonService
from bot.server_settings.service import ServerSettingsService
from bot.standings.service import StandingsService


@dataclass(frozen=True)
class PageUses:
    rounds: RoundService  # the channel's round: its words, a start, its events
    daily: DailyService  # the player's daily attempt
    definitions: DefinitionsService  # a word tapped in the results
    server_settings: ServerSettingsService  # a round started from the page: the server's defaults
    pages: PageDirectory  # which process serves a server's players
    clock: Callable[[], float]  # the page's clock, set to the bot's
    achievements: AchievementService  # what a round earned its players (its events)
    seasons: SeasonService  # the standings: the current season's
    standings: StandingsService  # the standings: all time's
