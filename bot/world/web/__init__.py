"""The world round's page side: the lobby's **Play the world round** in every channel, and the
round played, its results and the next round's board on the page (``WorldDesk``); closing it
takes the page back to its channel."""

from __future__ import annotations

from bot.server_settings.service import ServerSettingsService
from bot.web.routes import PageRoutes, desk_messages
from bot.web.session import Session
from bot.world.service import WorldService
from bot.world.web import payloads
from bot.world.web.desk import WorldDesk


def routes(world: WorldService, server_settings: ServerSettingsService) -> PageRoutes:
    """``server_settings``: the server's language, the round's where it has no world channel."""
    page = PageRoutes()
    desk_messages(page, "world", WorldDesk(world, server_settings))

    @page.on_join
    async def joined(session: Session) -> None:
        await session.send(payloads.offer(session.language))

    return page
