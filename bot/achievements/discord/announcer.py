"""The line that tells new achievements, as the outbox delivers it, after the post it belongs
under. A round's line is owed in the round's finish, usually before its results are drawn and
sent (they go their own way), so it waits for them to be out, at most ``WAIT`` seconds; a
season's recap is owed on the outbox before its line, in the same channel, so it is out first."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import discord

from bot.achievements.events import AchievementsEarned, Where
from bot.achievements.model import earned_line
from bot.discord.outbox import delivering
from bot.discord.render.text import CONTENT_LIMIT, clean_name, fit
from bot.kernel.bounded import Bounded

log = logging.getLogger(__name__)
WAIT = 60.0  # seconds a line waits for its post (a rate-limit storm)
KEPT = 256  # posts remembered as out (a line may come after them)
Key = tuple[str, int]


class Announcer:
    """Sends the lines the achievements owe, each once the post above it is out."""

    def __init__(
        self, client: discord.Client, results_out: Callable[[int], Awaitable[bool]]
    ) -> None:
        """``results_out(round_id)``: whether a round's results are out (after a restart)."""
        self.client = client
        self.results_out = results_out
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

    async def send(self, event: AchievementsEarned, nonce: str) -> None:
        if event.channel_id is None:
            return
        round_id = event.round_id if event.where is Where.ROUND else None
        if round_id is not None and not await self.results_out(round_id):
            await self._after(("round", round_id))
        # a season's recap is before it on the outbox; a daily result or a podium is out
        names = {p: clean_name(n, event.language) for p, n in event.names.items()}
        line = fit(earned_line(event.awards, names, event.language), CONTENT_LIMIT)
        async with delivering():
            await self.client.get_partial_messageable(event.channel_id).send(
                line, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce
            )
