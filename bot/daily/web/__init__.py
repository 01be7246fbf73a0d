"""The daily's page side: the player's own daily board (``DailyDesk``), opened, played and
closed from the page; closing it takes the page back to its channel."""

from __future__ import annotations

from bot.daily.service import DailyService
from bot.daily.web.desk import DailyDesk
from bot.web.routes import PageRoutes, desk_messages


def routes(daily: DailyService) -> PageRoutes:
    page = PageRoutes()
    desk_messages(page, "daily", DailyDesk(daily))
    return page
