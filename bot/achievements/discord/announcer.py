"""The line that tells new achievements, after the post they belong under: a round's results or
a season's recap. The achievements are usually known first (a read and a write, while the results
are drawn and sent), so the line waits for its post to be out, at most ``WAIT`` seconds."""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.model import earned_line
from bot.discord.render.text import CONTENT_LIMIT, clean_name, fit
from bot.kernel.bounded import Bounded

log = logging.getLogger(__name__)
WAIT = 60.0  # seconds a line waits for its post (a rate-limit storm)
KEPT = 256  # posts remembered as out (a line may come after them)
Key = tuple[str, int]


class Announcer:
    """Posts ``AchievementsEarned`` in its channel once the post above it is out."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._gates: Bounded[Key, asyncio.Event] = Bounded(KEPT)

    def _gate(self, key: Key) -> asyncio.Event:
        gate = self._gates.get(key)
        return gate if gate is not None else self._gates.put(key, asyncio.Event())

    def opened(self, key: Key) -> None:
        """The post ``key`` names is out: its lines go now, later ones at once."""
        self._gate(key).set()

    async def _after(self, key: Key) -> None:
        try:
            await asyncio.wait_for(self._gate(key).wait(), WAIT)
        except TimeoutError:
            log.info("achievements of %s told without their post", key)

    async def earned(self, event: AchievementsEarned) -> None:
        if event.channel_id is None:
            return
        if event.where is Where.ROUND and event.round_id is not None:
            await self._after(("round", event.round_id))
        elif event.where is Where.SEASON:
            await self._after(("season", event.guild_id))
        # a daily result or a tournament's podium is out before its event: at once
        names = {p: clean_name(n, event.language) for p, n in event.names.items()}
        line = fit(earned_line(event.awards, names, event.language), CONTENT_LIMIT)
        try:
            await self.client.get_partial_messageable(event.channel_id).send(
                line, allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException as exc:
            log.warning("achievements not told in %s (%s)", event.channel_id, exc)
