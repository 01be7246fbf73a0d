"""The tournament's channel and Discord's scheduled events, through discord.py: render, send,
and turn discord.py's errors into the project's."""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime

import discord

from bot.tournaments.discord.buttons import signup_view
from bot.tournaments.discord.render import (
    PODIUM_FILE,
    podium_png,
    podium_text,
    signup_text,
    standings_text,
)
from bot.tournaments.model import Entrants, Standings, StoredTournament
from bot.tournaments.store import PostFailed

log = logging.getLogger(__name__)


def _failure(exc: discord.HTTPException) -> PostFailed:
    return PostFailed(str(exc))


class DiscordTournaments:
    """``Poster`` and ``Calendar`` on Discord."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def signup(self, entrants: Entrants, open: bool, message_id: int | None) -> int:
        t = entrants.tournament
        content = signup_text(entrants, open)
        view = signup_view(t.id, t.language, open)
        channel = self._channel(t.channel_id)
        try:
            if message_id is None:
                sent = await channel.send(content, view=view)
                return sent.id
            await channel.get_partial_message(message_id).edit(content=content, view=view)
            return message_id
        except discord.HTTPException as exc:
            raise _failure(exc) from exc

    async def notice(self, channel_id: int, line: str) -> None:
        try:
            await self._channel(channel_id).send(line)
        except discord.HTTPException as exc:
            raise _failure(exc) from exc

    async def standings(self, standings: Standings) -> None:
        await self.notice(standings.tournament.channel_id, standings_text(standings))

    async def podium(self, standings: Standings) -> None:
        picture = discord.File(_bytes(podium_png(standings)), filename=PODIUM_FILE)
        try:
            await self._channel(standings.tournament.channel_id).send(
                podium_text(standings), file=picture
            )
        except discord.HTTPException as exc:
            raise _failure(exc) from exc

    # --- Discord's scheduled events ------------------------------------------------------------

    async def create(
        self, tournament: StoredTournament, location: str, end_at: float, description: str
    ) -> int | None:
        """An EXTERNAL event (needs a location and an end, no channel): members who mark it get
        Discord's reminder. None without the permission (Create Events)."""
        assert tournament.starts_at is not None
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None:
            return None
        try:
            event = await guild.create_scheduled_event(
                name=tournament.name[:100],
                start_time=_when(tournament.starts_at),
                end_time=_when(end_at),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=location[:100],
                description=description[:1000],
            )
        except discord.HTTPException as exc:
            log.info("tournament %s: no Discord event (%s)", tournament.id, exc)
            return None
        return event.id

    async def start(self, guild_id: int, event_id: int) -> bool:
        return await self._status(guild_id, event_id, discord.EventStatus.active)

    async def end(self, guild_id: int, event_id: int, cancelled: bool) -> bool:
        """Cancelled (before it started), or completed; Discord takes no other move."""
        if cancelled and await self._status(guild_id, event_id, discord.EventStatus.cancelled):
            return True
        return await self._status(guild_id, event_id, discord.EventStatus.completed)

    async def _status(self, guild_id: int, event_id: int, status: discord.EventStatus) -> bool:
        try:
            await self.client.http.edit_scheduled_event(guild_id, event_id, status=status.value)
        except discord.HTTPException as exc:
            log.info("event %s: status %s refused (%s)", event_id, status.name, exc)
            return False
        return True


def _when(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _bytes(data: bytes) -> io.BytesIO:
    return io.BytesIO(data)
