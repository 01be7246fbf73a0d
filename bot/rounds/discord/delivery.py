"""Posting a round's results until they are out, then saying so to the round service (which
records it), so they go out once: after a rate-limit storm, a missing permission given back,
or a restart."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from bot.kernel.backoff import Backoff
from bot.rounds.discord.port import Gone, Publisher, PublishError, Refused
from bot.rounds.events import ResultsReport

log = logging.getLogger(__name__)


class ResultsDelivery:
    """Posts results through the publisher, one delivery at a time per round."""

    def __init__(
        self,
        publisher: Publisher,
        posted: Callable[[int], Awaitable[None]],
        backoff: Backoff,
    ) -> None:
        """``posted(round_id)``: the service's use case that records the results as out."""
        self.publisher = publisher
        self.posted = posted
        self.backoff = backoff
        self._delivering: set[int] = set()  # rounds whose results are being posted

    async def deliver(self, round_id: int, channel_id: int, report: ResultsReport) -> None:
        """Post a round's results until the platform takes them, then have them recorded as
        posted.

        Rate limits and server errors are waited out with backoff while the channel exists. A
        missing permission leaves them unposted: they go out after the next restart. Cancelled at
        shutdown, they go out after the restart too; once recorded as posted, never again.
        """
        if round_id in self._delivering:
            return
        self._delivering.add(round_id)
        try:
            if await self._post(round_id, channel_id, report):
                await self.posted(round_id)
        finally:
            self._delivering.discard(round_id)

    async def _post(self, round_id: int, channel_id: int, report: ResultsReport) -> bool:
        """True once every results message is out (or the channel is gone for good)."""
        posted = 0
        for delay in self.backoff.delays():
            try:
                await self.publisher.post_results(channel_id, report, posted)
                return True
            except Gone as exc:
                log.warning(
                    "round %s: channel %s is gone (%s); results kept", round_id, channel_id, exc
                )
                return True
            except Refused as exc:
                log.warning(
                    "round %s: results not posted (%s); posted after a restart", round_id, exc
                )
                return False
            except PublishError as exc:
                posted = exc.posted
                log.warning(
                    "round %s: results not posted yet (%s); retrying in %.1fs", round_id, exc, delay
                )
                await asyncio.sleep(delay)
        raise AssertionError("unreachable: delays() never ends")
