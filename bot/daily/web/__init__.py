"""The daily's page side: the player's own daily board (``DailyDesk``), opened, played and
closed from the page; closing it takes the page back to its channel."""

from __future__ import annotations

from bot.daily.service import DailyService
from bot.daily.web.desk import DailyDesk
from bot.web.messages import Incoming
from bot.web.routes import PageRoutes, traced
from bot.web.session import Session


def routes(daily: DailyService) -> PageRoutes:
    page = PageRoutes()
    desk = DailyDesk(daily)
    page.on_leave(desk.leave)

    @page.message("daily_open")
    async def opened(session: Session, message: Incoming) -> None:
        await desk.open(session, message.get("language"))

    @page.message("daily_guess")
    async def guess(session: Session, message: Incoming) -> None:
        await desk.guess(session, *traced(message))

    @page.message("daily_close")
    async def closed(session: Session, message: Incoming) -> None:
        desk.leave(session)
        await session.rejoin()

    return page
