"""Posting a round's results until they are out, then recording that they are, so they go out
once: after a rate-limit storm, a missing permission given back, or a restart."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping

from bot.kernel.backoff import Backoff
from bot.rounds.publisher import Gone, Publisher, PublishError, Refused, ResultsReport
from bot.storage import Storage, StoredRound
from core.codes import CodeError, encode
from core.round import Results, Round

log = logging.getLogger(__name__)


def results_report(
    stored: StoredRound, results: Results, names: Mapping[int, str], game: Round
) -> ResultsReport:
    """The results as posted: with the round's id (Play again), the board's code if its dice
    and faces have one, and each word as the dictionary spells it where that differs ("été")."""
    try:
        code: str | None = encode(game.board, stored.dice)
    except CodeError:
        code = None
    words = {*results.missed, *(w.word for p in results.players for w in p.words)}
    spellings = game.lexicon.respelled(words)
    return ResultsReport(
        results,
        names,
        game.board,
        game.rules,
        stored.id,
        code,
        stored.language,
        stored.dictionary,
        spellings,
    )


class ResultsDelivery:
    """Posts results through the publisher, one delivery at a time per round."""

    def __init__(
        self,
        publisher: Publisher,
        storage: Storage,
        clock: Callable[[], float],
        backoff: Backoff,
    ) -> None:
        self.publisher = publisher
        self.storage = storage
        self.clock = clock
        self.backoff = backoff
        self._delivering: set[int] = set()  # rounds whose results are being posted

    def busy(self, round_id: int) -> bool:
        """Whether the round's results are being posted now."""
        return round_id in self._delivering

    async def deliver(self, round_id: int, channel_id: int, report: ResultsReport) -> None:
        """Post a round's results until the platform takes them, then record that they are posted.

        Rate limits and server errors are waited out with backoff while the channel exists. A
        missing permission leaves them unposted: they go out after the next restart. Cancelled at
        shutdown, they go out after the restart too; once recorded as posted, never again.
        """
        if round_id in self._delivering:
            return
        self._delivering.add(round_id)
        try:
            if await self._post(round_id, channel_id, report):
                await self.backoff.until_done(
                    f"round {round_id}: results posted, not recorded",
                    lambda: self.storage.mark_results_posted(round_id, self.clock()),
                )
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
