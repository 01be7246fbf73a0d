"""The line that tells new achievements, as the outbox delivers it: after the post it belongs
under (a round's results, a season's recap), which was owed before it in the same channel."""

from __future__ import annotations

import logging

import discord

from bot.achievements.events import AchievementsEarned
from bot.achievements.model import earned_line
from bot.discord.outbox import delivering
from bot.discord.render.text import CONTENT_LIMIT, clean_name, fit

log = logging.getLogger(__name__)


class Announcer:
    """Sends the lines the achievements owe."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def send(self, event: AchievementsEarned, nonce: str) -> None:
        if event.channel_id is None:
            return
        names = {p: clean_name(n, event.language) for p, n in event.names.items()}
        line = fit(earned_line(event.awards, names, event.language), CONTENT_LIMIT)
        async with delivering():
            await self.client.get_partial_messageable(event.channel_id).send(
                line, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce
            )
