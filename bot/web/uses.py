"""What the Activity's page uses, and nothing else: built by the composition root (``bot.app``)
and handed to ``start_web``; the features' page adapters (``bot/<feature>/web.py``) each get
their own service from it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.daily.service import DailyService
from bot.definitions.service import DefinitionsService
from bot.kernel.pages import PageDirectory
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class PageUses:
    rounds: RoundService  # the channel's round: its words, a start, its events
    daily: DailyService  # the player's daily attempt
    definitions: DefinitionsService  # a word tapped in the results
    server_settings: ServerSettingsService  # a round started from the page: the server's defaults
    pages: PageDirectory  # which process serves a server's players
    clock: Callable[[], float]  # the page's clock, set to the bot's
