"""The round's own Discord channel, as one more listener of the round service's events.

It posts the board and hands its message's id back, keeps the live status and marks chat
guesses (``feedback``), warns near the end, and is the outbox's sender of results, all through a
``Publisher`` (``bot.rounds.discord.port``), so the service tests drive it without Discord.
Order, as the players see it: one status edit in flight per round, and the final status before
the results (the ``ResultsDue`` listener, which the service waits for before it lets the
channel's owed posts go). A channel gone or closed to the bot gives its results up.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable

from bot.kernel.outbox import Undeliverable
from bot.rounds.discord.feedback import Feedback
from bot.rounds.discord.port import Gone, Publisher, PublishError, Refused
from bot.rounds.events import (
    EndingSoon,
    GuessesJudged,
    ResultsDue,
    ResultsReport,
    RoundLost,
    RoundOpened,
    RoundTicked,
    StandingsChanged,
)
from bot.rounds.service import RoundService

log = logging.getLogger(__name__)


class ChannelView:
    """Shows every round of this process in its own channel, as its events come."""

    def __init__(
        self,
        rounds: RoundService,
        publisher: Publisher,
        clock: Callable[[], float],
    ) -> None:
        self.rounds = rounds
        self.publisher = publisher
        events = rounds.events
        marked = functools.partial(
            rounds.committed, player_waits=False
        )  # a mark waits, no one else
        self.feedback = Feedback(publisher, clock, marked, rounds.last_committed, events.spawn)
        rounds.results_sent_by(self._send_results)
        feedback = self.feedback
        self._unsubscribe = [
            events.subscribe(RoundOpened, self._opened),
            events.subscribe(GuessesJudged, self._judged),
            events.subscribe(StandingsChanged, lambda e: feedback.changed(e.round.id)),
            events.subscribe(RoundTicked, lambda e: feedback.tick(e.round)),
            events.subscribe(EndingSoon, lambda e: feedback.warn(e.round, e.seconds_left)),
            events.subscribe(ResultsDue, self._results_due),
            events.subscribe(RoundLost, lambda e: feedback.forget(e.round_id)),
        ]
        # The service's runners wait for this: a channel is known once Discord is.
        self._ready = asyncio.create_task(self._when_ready(), name="round-channels-ready")

    async def _when_ready(self) -> None:
        await self.publisher.wait_until_ready()
        self.rounds.channels_ready()

    async def _opened(self, event: RoundOpened) -> None:
        """Post the round's board; its message's id (or why not) back to the service."""
        round_id, channel_id = event.round.id, event.round.channel_id
        try:
            message_id = await self.publisher.post_board(event.round)
        except PublishError as exc:
            log.warning("channel %s: board not posted (%s)", channel_id, exc.reason)
            self.rounds.board_not_posted(round_id, exc.why)
            return
        self.rounds.board_posted(round_id, message_id)

    def _judged(self, event: GuessesJudged) -> None:
        """A chat message's words join its player's news; the message may get a mark."""
        if event.message is not None:
            self.feedback.heard(
                event.round, event.message, event.player_id, event.judgements, event.ticket
            )

    async def _results_due(self, due: ResultsDue) -> None:
        """The board's final status (the outbox then sends the results)."""
        if due.round is not None:
            report = due.report
            await self.feedback.final(due.round, report.results, report.names, due.ending)

    async def _send_results(
        self, channel_id: int, report: ResultsReport, nonce: Callable[[int], str]
    ) -> None:
        await self.publisher.wait_until_ready()  # its channels are known (after a restart)
        try:
            await self.publisher.post_results(channel_id, report, nonce)
        except (Gone, Refused) as exc:
            raise Undeliverable(exc.reason) from exc

    def close(self) -> None:
        """Hear no more events (the bot is closing)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._ready.cancel()
