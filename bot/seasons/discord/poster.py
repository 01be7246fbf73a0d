"""A season's end on Discord, as the outbox delivers it: the champion role moved (given to the
new champion, taken from the last: both idempotent), then the recap with its card in the
announcement channel (its nonce makes a repeat after a crash return the first message). Discord
refusing the role costs one line of the recap, nothing else: it names what is missing (Manage
Roles, or a role above it). A channel gone or closed to the bot gives the recap up."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Callable

import discord

from bot.discord.outbox import delivering
from bot.discord.render.text import clean_name
from bot.discord.roles import RoleTrouble, role_trouble
from bot.i18n.catalogue import text
from bot.seasons.discord.render import RECAP_FILE, recap_png, recap_text
from bot.seasons.events import SeasonEnded
from bot.seasons.service import SeasonService

log = logging.getLogger(__name__)
REASON = "Boggle: the season's champion"
REFUSED: dict[RoleTrouble | None, str] = {  # the recap's line: what Discord's refusal lacked
    RoleTrouble.MANAGE_ROLES: "seasons.role_refused_manage_roles",
    RoleTrouble.POSITION: "seasons.role_refused_position",
}


class SeasonPoster:
    """Sends the recaps the seasons owe (``SeasonService.recaps_sent_by``) through discord.py."""

    def __init__(self, client: discord.Client, seasons: SeasonService) -> None:
        self.client = client
        seasons.recaps_sent_by(self.send)

    async def send(self, event: SeasonEnded, nonce: Callable[[int], str]) -> None:
        role_line = await self.move_role(event)
        if event.channel_id is not None:
            await self.post(event, event.channel_id, role_line, nonce(0))

    async def move_role(self, event: SeasonEnded) -> str | None:
        """The champion role given to the new champion and taken from the last one; the recap's
        line about it (None: no role chosen or nobody to give it to)."""
        champion = event.recap.champion
        if event.champion_role is None or champion is None:
            return None
        http, guild, role = self.client.http, event.guild_id, event.champion_role
        try:
            await http.add_role(guild, champion.user_id, role, reason=REASON)
            last = event.last_champion
            if last is not None and last != champion.user_id:
                with contextlib.suppress(discord.NotFound):  # the last champion left
                    await http.remove_role(guild, last, role, reason=REASON)
        except discord.HTTPException as exc:
            log.warning("season %s of %s: champion role refused (%s)", event.number, guild, exc)
            trouble = await role_trouble(self.client, guild, role)
            return text(REFUSED.get(trouble, "seasons.role_refused"), event.language)
        name = clean_name(event.names.get(champion.user_id, str(champion.user_id)), event.language)
        return text("seasons.role_given", event.language, name=name, role=f"<@&{role}>")

    async def post(
        self, event: SeasonEnded, channel_id: int, role_line: str | None, nonce: str
    ) -> None:
        """The recap with its card; without the card where files are refused."""
        channel = self.client.get_partial_messageable(channel_id)
        content = recap_text(event, role_line)
        none = discord.AllowedMentions.none()
        async with delivering():
            card = discord.File(io.BytesIO(recap_png(event)), filename=RECAP_FILE)
            try:
                await channel.send(content, file=card, allowed_mentions=none, nonce=nonce)
            except discord.Forbidden:
                await channel.send(content, allowed_mentions=none, nonce=nonce)
