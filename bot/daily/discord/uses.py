"""What the daily board's Discord side uses, and nothing else: built by the composition root
(``bot.app``) and handed to ``setup``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.daily.posts import DailyPoster
from bot.daily.service import DailyService
from bot.kernel.lexicons import Lexicons
from bot.pictures.pictures import Pictures
from bot.server_settings.service import ServerSettingsService


@dataclass(frozen=True)
class DailyUses:
    daily: DailyService
    server_settings: ServerSettingsService  # a refusal's language
    pictures: Pictures  # the board's picture
    lexicons: Lexicons  # whether an attempt's lexicon is in memory (else the answer waits)
    clock: Callable[[], float]  # the time left
    poster: DailyPoster  # the end-of-day posts it owes, sent by ``posts.DiscordDailyPosts``
