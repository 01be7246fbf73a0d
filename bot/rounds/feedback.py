"""What the channel is told during a round, and when: few API calls, never a backlog.

- The board message carries the live status, edited at most every ``edit_every`` seconds and only
  when something changed, one edit in flight at a time: each player's words (and points where they
  are already certain), then what their latest chat guesses did: ✅ accepted words and ✗ refused
  ones with the reason. A word is named there once it is committed; news left out for room, or by
  an edit that failed, is shown by the next one. So every accepted word typed in chat is named to
  its player within a few seconds, whatever the reaction limits do.
- A message with an accepted word also gets a ✅ reaction (🔁 when every word in it was already
  found) while the channel's reaction budget allows; past it the reaction is skipped, not queued:
  the status tells the same story.
- ``/guess`` answers privately with every verdict, so its words are not named in the status.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.limits import Limiter
from bot.rounds.live import LiveRound
from bot.rounds.publisher import ChatMessage, Ending, News, Publisher, PublishError, Refused
from core.round import Judgement, Results, Standing, Verdict

log = logging.getLogger(__name__)

REFUSED_KEPT = 6  # a player's latest refused words waiting for the status; older ones are dropped


class Feedback:
    def __init__(
        self,
        publisher: Publisher,
        clock: Callable[[], float],
        committed: Callable[[int], Awaitable[None]],
        settled: Callable[[], int],
        *,
        edit_every: float = 2.0,
        reactions_per_second: float = 1.0,
        reaction_burst: float = 3.0,
    ) -> None:
        self.publisher = publisher
        self.clock = clock
        self.committed = committed
        self.settled = settled  # the highest ticket committed so far
        self.edit_every = edit_every
        self.reactions = Limiter(reactions_per_second, reaction_burst, clock)
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._editing: dict[int, asyncio.Task[None]] = {}
        self._news: dict[int, dict[int, _Pending]] = {}
        self._no_reactions: set[int] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self.calls = 0  # Discord calls made for feedback, for the load benchmark

    # --- a chat guess ---------------------------------------------------------------------

    def heard(
        self,
        live: LiveRound,
        message: ChatMessage,
        player: int,
        judgements: Sequence[Judgement],
        ticket: int,
    ) -> None:
        """A chat message was judged: its words join the player's news, and it may get a mark."""
        news = self._news.setdefault(live.id, {}).setdefault(player, _Pending())
        for j in judgements:
            if j.verdict is Verdict.ACCEPTED:  # in the player's spelling, or the dictionary's
                news.accepted.append((ticket, live.game.spelled(j.word, j.typed)))
            else:  # as typed: a word that is not one has no other spelling
                news.refused.append((ticket, j.typed or j.word, j.verdict))
        del news.refused[:-REFUSED_KEPT]
        self._dirty.add(live.id)
        self._react(message, judgements, ticket)

    def changed(self, live: LiveRound) -> None:
        """The standings changed without chat news (a ``/guess``)."""
        self._dirty.add(live.id)

    def _react(self, message: ChatMessage, judgements: Sequence[Judgement], ticket: int) -> None:
        """Mark a guess message once its words are committed, if the channel's budget allows;
        never queues."""
        verdicts = {j.verdict for j in judgements}
        accepted = Verdict.ACCEPTED in verdicts
        if not accepted and verdicts != {Verdict.ALREADY_FOUND}:
            return
        channel_id = message.channel_id
        if channel_id in self._no_reactions or not self.reactions.allow(channel_id):
            return
        self._spawn(self._add_reaction(message, accepted, ticket))

    async def _add_reaction(self, message: ChatMessage, accepted: bool, ticket: int) -> None:
        await self.committed(ticket)
        self.calls += 1
        try:
            await self.publisher.react(message, accepted)
        except Refused:
            self._no_reactions.add(message.channel_id)
            log.info("no permission to react in channel %s; status edits only", message.channel_id)
        except PublishError as exc:
            log.debug("reaction skipped: %s", exc)

    # --- the live status ------------------------------------------------------------------

    def tick(self, live: LiveRound) -> None:
        """Called by the runner often; edits the status when due."""
        if live.id not in self._dirty or live.id in self._editing:
            return
        if self.clock() - self._last_edit.get(live.id, 0.0) < self.edit_every:
            return
        message_id = live.stored.board_message_id
        if message_id is None:
            return
        self._dirty.discard(live.id)
        self._last_edit[live.id] = self.clock()
        self._editing[live.id] = self._spawn(self._edit_live(live, message_id))

    async def _edit_live(self, live: LiveRound, message_id: int) -> None:
        """One status edit; the news it names is dropped only once the platform has taken it.

        Only news already committed is named (a word shown accepted is a word that is stored);
        the rest waits for the next edit, so a writer's backlog never holds back older news.
        """
        settled = self.settled()
        taken = {
            player: item.committed(settled) for player, item in self._news.get(live.id, {}).items()
        }
        try:
            self.calls += 1
            shown = await self.publisher.edit_status(
                live.post, message_id, live.game.standings(), live.names, taken
            )
        except PublishError as exc:
            log.debug("status edit skipped: %s", exc)
            self._dirty.add(live.id)
            return
        finally:
            self._editing.pop(live.id, None)
        news = self._news.get(live.id, {})
        # What the next edit could show that this one did not: news committed since, or left
        # out for room while this edit showed some. News the platform took none of, though all
        # of it was committed, waits for a change; an edit that would repeat this one is none.
        waiting = any(
            len(item.accepted) + len(item.refused) > _size(taken.get(player))
            for player, item in news.items()
        )
        progress = False
        for player, (accepted, refused) in shown.items():
            item = news.get(player)
            if item is None:
                continue
            progress = progress or bool(accepted or refused)
            del item.accepted[:accepted]
            del item.refused[:refused]
            if not item.accepted and not item.refused:
                news.pop(player, None)
        if news and (waiting or progress):
            self._dirty.add(live.id)

    def warn(self, live: LiveRound, left: float) -> None:
        self.calls += 1
        self._spawn(self._warn(live.channel_id, left, live.language))

    async def _warn(self, channel_id: int, left: float, language: str) -> None:
        try:
            await self.publisher.post_warning(channel_id, left, language)
        except PublishError as exc:
            log.debug("warning skipped: %s", exc)

    async def final(self, live: LiveRound, results: Results, names: Mapping[int, str]) -> None:
        """The round is over: the board shows the final standing (cancellations counted)."""
        pending = self._editing.pop(live.id, None)
        if pending is not None:
            await asyncio.gather(pending, return_exceptions=True)
        self.forget(live.id)
        message_id = live.stored.board_message_id
        if message_id is None:
            return
        standings = [Standing(p.player, len(p.words), p.points) for p in results.players]
        self.calls += 1
        ending = Ending.STOPPED if live.stopped else Ending.OVER
        try:
            await self.publisher.edit_status(
                live.post, message_id, standings, names, {}, ending=ending
            )
        except PublishError as exc:
            log.debug("final status skipped: %s", exc)

    def forget(self, round_id: int) -> None:
        """Drop what was kept for a round that is over."""
        self._dirty.discard(round_id)
        self._last_edit.pop(round_id, None)
        self._news.pop(round_id, None)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self, timeout: float | None = None) -> None:
        """Wait for feedback calls in flight (at shutdown and in tests); at shutdown, those still
        waiting after ``timeout`` (on a rate limit, say) are cancelled: they are only feedback."""
        if not self._tasks:
            return
        tasks = list(self._tasks)
        _, pending = await asyncio.wait(tasks, timeout=timeout)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)


@dataclass
class _Pending:
    """A player's news waiting for the status, each item with the ticket of its guess."""

    accepted: list[tuple[int, str]] = field(default_factory=list)
    refused: list[tuple[int, str, Verdict]] = field(default_factory=list)

    def committed(self, settled: int) -> News:
        """The news whose guesses are stored (a prefix of each list: tickets only grow)."""
        return News(
            [word for ticket, word in self.accepted if ticket <= settled],
            [(word, verdict) for ticket, word, verdict in self.refused if ticket <= settled],
        )


def _size(news: News | None) -> int:
    return 0 if news is None else len(news.accepted) + len(news.refused)
