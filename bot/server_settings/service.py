"""A server's settings as every front end reads them: one door for its defaults, round
channels, banned words and time zone (``/boggle-config`` changes them through it too)."""

from __future__ import annotations

from typing import Protocol

from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.kernel.model import ServerSettings


class ServerSettingsStore(Protocol):
    """The queries the settings feature needs (every storage engine has them)."""

    async def server_settings(self, guild_id: int) -> ServerSettings: ...


class ServerSettingsService:
    """Reads (and, through ``/boggle-config``, changes) each server's settings."""

    def __init__(self, store: ServerSettingsStore) -> None:
        self.store = store

    async def of(self, guild_id: int) -> ServerSettings:
        """The server's settings (the bot's defaults where it set nothing)."""
        return await self.store.server_settings(guild_id)

    async def language(self, guild_id: int | None) -> str:
        """The language a server's replies are written in; None (no server): the default."""
        if guild_id is None:
            return DEFAULT_LANGUAGE
        return (await self.of(guild_id)).language
