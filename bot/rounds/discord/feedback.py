"""What the channel is told during a round, and when: few API calls, never a backlog.

The board's status is edited at most every ``edit_every`` s, on a change, one edit in flight;
news left out for room or by a failed edit is shown by the next, so each accepted chat word is
named to its player within seconds, whatever the reaction limits. ✅/🔁 reactions past the
channel's budget are skipped, not queued. ``/guess`` answers privately, so the status omits it.
A crowd (over ``CROWD``): a rolling line, untold players first, then the oldest news; ``STALE``
news gives way; an edit every ``CROWD_EDIT_EVERY`` s (Discord: 5 edits a 5 s per channel).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.kernel.limits import Limiter
from bot.rounds.discord.port import News, Publisher, PublishError, Refused
from bot.rounds.events import ChatMessage, Ending
from bot.rounds.view import RoundView
from core.round import Judgement, Results, Standing, Verdict

log = logging.getLogger(__name__)

REFUSED_KEPT = 6  # a player's latest refused words waiting for the status; older ones are dropped
CROWD = 15  # more players than this: the status is a rolling line (as the Discord status lists)
CROWD_EDIT_EVERY = 1.2  # seconds between a crowd's status edits: 4.2 of Discord's 5 a 5 s
STALE = 6.0  # a crowd's news this old, for a player already told something, is dropped


class Feedback:
    def __init__(
        self,
        publisher: Publisher,
        clock: Callable[[], float],
        committed: Callable[[int], Awaitable[None]],
        settled: Callable[[], int],
        spawn: Callable[[Awaitable[Any]], asyncio.Future[Any]] = asyncio.ensure_future,
        *,
        edit_every: float = 2.0,
        reactions_per_second: float = 3.5,
        reaction_burst: float = 2.0,
    ) -> None:
        """``committed(ticket)``: returns once that ticket's guesses are stored; ``settled()``:
        the highest ticket stored; ``spawn``: runs a call in the background (the event bus's, so
        that shutdown drains it)."""
        self.publisher = publisher
        self.clock = clock
        self.committed = committed
        self.settled = settled  # the highest ticket committed so far
        self.edit_every = edit_every
        self.reactions = Limiter(reactions_per_second, reaction_burst, clock)
        self._run = spawn
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._editing: dict[int, asyncio.Future[None]] = {}
        self._news: dict[int, dict[int, _Pending]] = {}
        self._no_reactions: set[int] = set()
        self._told: dict[int, set[int]] = {}  # per round, the players told something
        self._tasks: set[asyncio.Future[Any]] = set()
        self.calls = 0  # Discord calls made for feedback, for the load benchmark

    # --- a chat guess ---------------------------------------------------------------------

    def heard(
        self,
        view: RoundView,
        message: ChatMessage,
        player: int,
        judgements: Sequence[Judgement],
        ticket: int,
    ) -> None:
        """A chat message was judged: its words join the player's news, and it may get a mark."""
        news = self._news.setdefault(view.id, {}).setdefault(player, _Pending())
        now = self.clock()
        for j in judgements:
            if j.verdict is Verdict.ACCEPTED:  # in the player's spelling, or the dictionary's
                news.accepted.append((ticket, view.spelled(j.word, j.typed), now))
            else:  # as typed: a word that is not one has no other spelling
                news.refused.append((ticket, j.typed or j.word, j.verdict, now))
                if j.meant is not None:  # "zal": the board's "żal" is named
                    news.meant[j.typed or j.word] = j.meant
        del news.refused[:-REFUSED_KEPT]
        if news.meant:  # only for the refused words still waiting
            waiting = {r[1] for r in news.refused}
            news.meant = {w: m for w, m in news.meant.items() if w in waiting}
        self._dirty.add(view.id)
        crowd = view.id if view.player_count > CROWD else None
        self._react(message, judgements, ticket, crowd)

    def changed(self, round_id: int) -> None:
        """The standings changed (a word accepted from any front end): the status is due."""
        self._dirty.add(round_id)

    def _react(
        self,
        message: ChatMessage,
        judgements: Sequence[Judgement],
        ticket: int,
        crowd: int | None,
    ) -> None:
        """Mark a guess message once its words are committed, if the channel's budget allows;
        never queues. In a ``crowd`` (its round's id), the mark acknowledges the message's words:
        the status need not name them."""
        verdicts = {j.verdict for j in judgements}
        accepted = Verdict.ACCEPTED in verdicts
        if not accepted and verdicts != {Verdict.ALREADY_FOUND}:
            return
        channel_id = message.channel_id
        if channel_id in self._no_reactions or not self.reactions.allow(channel_id):
            return
        self._spawn(self._add_reaction(message, accepted, ticket, crowd))

    async def _add_reaction(
        self, message: ChatMessage, accepted: bool, ticket: int, crowd: int | None
    ) -> None:
        await self.committed(ticket)
        self.calls += 1
        try:
            await self.publisher.react(message, accepted)
            if crowd is not None:
                self._acknowledged(crowd, message.author_id, ticket)
        except Refused:
            self._no_reactions.add(message.channel_id)
            log.info("no permission to react in channel %s; status edits only", message.channel_id)
        except PublishError as exc:
            log.debug("reaction skipped: %s", exc)

    def _acknowledged(self, round_id: int, player: int, ticket: int) -> None:
        """A crowd's message was marked: its words need no naming; its player was told."""
        self._told.setdefault(round_id, set()).add(player)
        item = self._news.get(round_id, {}).get(player)
        if item is not None:
            item.accepted = [a for a in item.accepted if a[0] != ticket]

    def _ordered(self, view: RoundView) -> dict[int, _Pending]:
        """The round's news in the order a crowd's status names it: players never told anything
        first, then the oldest news; a crowd's stale news for players told before is dropped."""
        news = self._news.get(view.id, {})
        told = self._told.get(view.id, set())
        if view.player_count > CROWD:
            horizon = self.clock() - STALE
            for player, item in list(news.items()):
                if player in told:
                    item.accepted = [a for a in item.accepted if a[2] >= horizon]
                    item.refused = [r for r in item.refused if r[3] >= horizon]
                if not item.accepted and not item.refused:
                    news.pop(player)
        return dict(sorted(news.items(), key=lambda kv: (kv[0] in told, kv[1].oldest())))

    # --- the live status ------------------------------------------------------------------

    def tick(self, view: RoundView) -> None:
        """At each tick of the round's runner; edits the status when due."""
        if view.id not in self._dirty or view.id in self._editing:
            return
        every = CROWD_EDIT_EVERY if view.player_count > CROWD else self.edit_every
        if self.clock() - self._last_edit.get(view.id, 0.0) < every:
            return
        message_id = view.board_message_id
        if message_id is None:
            return
        self._dirty.discard(view.id)
        self._last_edit[view.id] = self.clock()
        self._editing[view.id] = self._spawn(self._edit_live(view, message_id))

    async def _edit_live(self, view: RoundView, message_id: int) -> None:
        """One status edit; the news it names is dropped only once the platform has taken it.

        Only news already committed is named (a word shown accepted is a word that is stored);
        the rest waits for the next edit, so a writer's backlog never holds back older news.
        """
        settled = self.settled()
        pending = self._ordered(view)
        snap = {player: item.committed(settled) for player, item in pending.items()}
        taken = {
            player: News(
                [a[1] for a in acc],
                [r[1:3] for r in ref],
                {r[1]: m for r in ref if (m := pending[player].meant.get(r[1]))},
            )
            for player, (acc, ref) in snap.items()
        }
        try:
            self.calls += 1
            shown = await self.publisher.edit_status(
                view, message_id, view.standings, view.names, taken
            )
        except PublishError as exc:
            log.debug("status edit skipped: %s", exc)
            self._dirty.add(view.id)
            return
        finally:
            self._editing.pop(view.id, None)
        news = self._news.get(view.id, {})
        # What the next edit could show that this one did not: news committed since, or left
        # out for room while this edit showed some. News the platform took none of, though all
        # of it was committed, waits for a change; an edit that would repeat this one is none.
        waiting = any(
            len(item.accepted) + len(item.refused) > _size(taken.get(player))
            for player, item in news.items()
        )
        progress = False
        told = self._told.setdefault(view.id, set())
        for player, (accepted, refused) in shown.items():
            item = news.get(player)
            if item is None:
                continue
            progress = progress or bool(accepted or refused)
            if accepted or refused:
                told.add(player)
            gone_accepted, gone_refused = (
                set(snap[player][0][:accepted]),
                set(snap[player][1][:refused]),
            )
            item.accepted = [a for a in item.accepted if a not in gone_accepted]
            item.refused = [r for r in item.refused if r not in gone_refused]
            if not item.accepted and not item.refused:
                news.pop(player, None)
        if news and (waiting or progress):
            self._dirty.add(view.id)

    def warn(self, view: RoundView, left: float) -> None:
        self.calls += 1
        self._spawn(self._warn(view.channel_id, left, view.language))

    async def _warn(self, channel_id: int, left: float, language: str) -> None:
        try:
            await self.publisher.post_warning(channel_id, left, language)
        except PublishError as exc:
            log.debug("warning skipped: %s", exc)

    async def final(
        self, view: RoundView, results: Results, names: Mapping[int, str], ending: Ending
    ) -> None:
        """The round is over: the board shows the final standing (cancellations counted), after
        the edit in flight, with every accepted word no edit named yet (the last second's, whose
        ✅ the reactions' budget may have skipped): every guess is stored by now."""
        pending = self._editing.pop(view.id, None)
        if pending is not None:
            await asyncio.gather(pending, return_exceptions=True)
        news = {
            player: News([a[1] for a in item.accepted], [])
            for player, item in self._news.get(view.id, {}).items()
            if item.accepted
        }
        self.forget(view.id)
        message_id = view.board_message_id
        if message_id is None:
            return
        standings = [Standing(p.player, len(p.words), p.points) for p in results.players]
        self.calls += 1
        try:
            await self.publisher.edit_status(
                view, message_id, standings, names, news, ending=ending
            )
        except PublishError as exc:
            log.debug("final status skipped: %s", exc)

    def forget(self, round_id: int) -> None:
        """Drop what was kept for a round that is over."""
        self._dirty.discard(round_id)
        self._last_edit.pop(round_id, None)
        self._news.pop(round_id, None)
        self._told.pop(round_id, None)

    def _spawn(self, call: Awaitable[Any]) -> asyncio.Future[Any]:
        task = self._run(call)
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

    accepted: list[tuple[int, str, float]] = field(default_factory=list)  # ticket, word, at
    refused: list[tuple[int, str, Verdict, float]] = field(default_factory=list)
    meant: dict[str, str] = field(default_factory=dict)  # a refused word: the board's it lacks

    def committed(
        self, settled: int
    ) -> tuple[list[tuple[int, str, float]], list[tuple[int, str, Verdict, float]]]:
        """The news whose guesses are stored (a prefix of each list: tickets only grow)."""
        return (
            [a for a in self.accepted if a[0] <= settled],
            [r for r in self.refused if r[0] <= settled],
        )

    def oldest(self) -> float:
        """When the oldest of this news was heard."""
        return min([a[2] for a in self.accepted] + [r[3] for r in self.refused], default=0.0)


def _size(news: News | None) -> int:
    return 0 if news is None else len(news.accepted) + len(news.refused)
