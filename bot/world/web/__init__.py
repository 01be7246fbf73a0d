"""The world round's page side: the lobby's **Play the world round** in every channel, and the
round played, its results and the next round's board on the page (``WorldDesk``); closing it
takes the page back to its channel."""

from __future__ import annotations

from bot.server_settings.service import ServerSettingsService
from bot.web.messages import Incoming
from bot.web.routes import PageRoutes, traced
from bot.web.session import Session
from bot.world.service import WorldService
from bot.world.web import payloads
from bot.world.web.desk import WorldDesk


def routes(world: WorldService, server_settings: ServerSettingsService) -> PageRoutes:
    """``server_settings``: the server's language, the round's where it has no world channel."""
    page = PageRoutes()
    desk = WorldDesk(world, server_settings)
    page.on_leave(desk.leave)

    @page.on_join
    async def joined(session: Session) -> None:
        await session.send(payloads.offer(session.language))

    @page.message("world_open")
    async def opened(session: Session, message: Incoming) -> None:
        await desk.open(session, message.get("language"))

    @page.message("world_guess")
    async def guess(session: Session, message: Incoming) -> None:
        await desk.guess(session, *traced(message))

    @page.message("world_close")
    async def closed(session: Session, message: Incoming) -> None:
        desk.leave(session)
        await session.rejoin()

    return page
