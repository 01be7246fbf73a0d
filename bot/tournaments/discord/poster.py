"""The tournament's channel and Discord's scheduled events, as the outbox delivers what
tournaments owe (``TournamentService.posts_sent_by``): render, send with the post's nonce, and
turn Discord's refusals into the outbox's (403/404: ``Undeliverable``, given up)."""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime

import discord

from bot.discord.outbox import delivering
from bot.kernel.outbox import Undeliverable
from bot.tournaments.discord.buttons import signup_view
from bot.tournaments.discord.render import (
    PODIUM_FILE,
    podium_png,
    podium_text,
    signup_text,
    standings_text,
)
from bot.tournaments.model import Entrants, Standings, StoredTournament
from bot.tournaments.posts import EventMove

log = logging.getLogger(__name__)
STATUS = {
    EventMove.START: discord.EventStatus.active,
    EventMove.END: discord.EventStatus.completed,
    EventMove.CANCEL: discord.EventStatus.cancelled,
}


class DiscordTournaments:
    """``TournamentSender`` on Discord."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def wait_until_ready(self) -> None:
        await self.client.wait_until_ready()

    def _channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    async def signup(
        self, entrants: Entrants, open: bool, message_id: int | None, nonce: str
    ) -> int:
        t = entrants.tournament
        content = signup_text(entrants, open)
        view = signup_view(t.id, t.language, open)
        channel = self._channel(t.channel_id)
        async with delivering():
            if message_id is None:
                sent = await channel.send(content, view=view, nonce=nonce)
                return sent.id
            await channel.get_partial_message(message_id).edit(content=content, view=view)
            return message_id

    async def notice(self, channel_id: int, line: str, nonce: str) -> None:
        async with delivering():
            await self._channel(channel_id).send(line, nonce=nonce)

    async def standings(self, standings: Standings, nonce: str) -> None:
        await self.notice(standings.tournament.channel_id, standings_text(standings), nonce)

    async def podium(self, standings: Standings, nonce: str) -> None:
        picture = discord.File(io.BytesIO(podium_png(standings)), filename=PODIUM_FILE)
        async with delivering():
            await self._channel(standings.tournament.channel_id).send(
                podium_text(standings), file=picture, nonce=nonce
            )

    # --- Discord's scheduled events ------------------------------------------------------------

    async def make_event(
        self, tournament: StoredTournament, location: str, ends_at: float, description: str
    ) -> int | None:
        """An EXTERNAL event (needs a location and an end, no channel): members who mark it get
        Discord's reminder. One the bot made already for the tournament (the same name, start
        and place, still scheduled: a create repeated after a crash) is the one."""
        assert tournament.starts_at is not None
        await self.client.wait_until_ready()  # the server is known
        guild = self.client.get_guild(tournament.guild_id)
        if guild is None:
            raise Undeliverable(f"server {tournament.guild_id} is gone")
        name, place, start = tournament.name[:100], location[:100], _when(tournament.starts_at)
        me = self.client.user.id if self.client.user else None
        async with delivering():
            for event in await guild.fetch_scheduled_events(with_counts=False):
                if (
                    (event.creator_id, event.status) == (me, discord.EventStatus.scheduled)
                    and (event.name, event.location) == (name, place)
                    and abs((event.start_time - start).total_seconds()) < 1
                ):
                    log.info("tournament %s: its Discord event %s found", tournament.id, event.id)
                    return event.id
            event = await guild.create_scheduled_event(
                name=name,
                start_time=start,
                end_time=_when(ends_at),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=place,
                description=description[:1000],
            )
        return event.id

    async def move_event(self, guild_id: int, event_id: int, move: EventMove) -> None:
        """Started, completed, or cancelled (before it started: once it has, completed);
        a move Discord refuses now (the event is over, or was ended by hand) is left."""
        if move is EventMove.CANCEL and await self._status(guild_id, event_id, STATUS[move]):
            return
        status = discord.EventStatus.completed if move is EventMove.CANCEL else STATUS[move]
        await self._status(guild_id, event_id, status)

    async def _status(self, guild_id: int, event_id: int, status: discord.EventStatus) -> bool:
        async with delivering():
            try:
                await self.client.http.edit_scheduled_event(guild_id, event_id, status=status.value)
            except discord.HTTPException as exc:
                if exc.status != 400:
                    raise
                log.info("event %s: status %s refused (%s)", event_id, status.name, exc)
                return False
        return True


def _when(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)
