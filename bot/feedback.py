"""What the channel is told during a round, and when: few API calls, never a backlog.

- The board message carries a live status (each player's word count and points), edited at most
  every ``edit_every`` seconds and only when something changed; one edit in flight at a time.
- A message with an accepted word gets a ✅ reaction (🔁 when every word in it was already found),
  drawn from a per-channel budget; when the budget is spent the reaction is skipped, not queued:
  the next status edit tells the same story.
- Wrong words are not answered one by one; ``/guess`` gives explicit verdicts.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import discord

from core.round import Judgement, Results, Verdict

from . import render
from .limits import Limiter

if TYPE_CHECKING:
    from .rounds import LiveRound

log = logging.getLogger(__name__)

ACCEPTED = "✅"
REPEATED = "🔁"


class Feedback:
    def __init__(
        self,
        client: discord.Client,
        clock: Callable[[], float],
        board_text: Callable[[LiveRound, str], str],
        committed: Callable[[int], Awaitable[None]],
        *,
        edit_every: float = 2.0,
        reactions_per_second: float = 1.0,
        reaction_burst: float = 3.0,
    ) -> None:
        self.client = client
        self.clock = clock
        self.board_text = board_text
        self.committed = committed
        self.edit_every = edit_every
        self.reactions = Limiter(reactions_per_second, reaction_burst, clock)
        self._dirty: set[int] = set()
        self._last_edit: dict[int, float] = {}
        self._editing: dict[int, asyncio.Task[None]] = {}
        self._no_reactions: set[int] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self.calls = 0  # Discord calls made for feedback, for the load benchmark

    # --- reactions ------------------------------------------------------------------------

    def react(self, message: discord.Message, judgements: Sequence[Judgement], ticket: int) -> None:
        """Acknowledge a guess message, once its words are committed, if the channel's budget
        allows; never queues."""
        verdicts = {j.verdict for j in judgements}
        if Verdict.ACCEPTED in verdicts:
            emoji = ACCEPTED
        elif verdicts == {Verdict.ALREADY_FOUND}:
            emoji = REPEATED
        else:
            return
        channel_id = message.channel.id
        if channel_id in self._no_reactions or not self.reactions.allow(channel_id):
            return
        self._spawn(self._add_reaction(message, emoji, ticket))

    async def _add_reaction(self, message: discord.Message, emoji: str, ticket: int) -> None:
        await self.committed(ticket)
        self.calls += 1
        try:
            await message.add_reaction(emoji)
        except discord.Forbidden:
            self._no_reactions.add(message.channel.id)
            log.info("no permission to react in channel %s; status edits only", message.channel.id)
        except discord.HTTPException as exc:
            log.debug("reaction skipped: %s", exc)

    # --- the live status ------------------------------------------------------------------

    def changed(self, live: LiveRound) -> None:
        self._dirty.add(live.id)

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
        task = self._spawn(self._edit_status(live, message_id))
        self._editing[live.id] = task
        task.add_done_callback(lambda _t, rid=live.id: self._editing.pop(rid, None))

    async def _edit_status(
        self, live: LiveRound, message_id: int, status: str | None = None
    ) -> None:
        channel = self.client.get_channel(live.channel_id)
        if channel is None:
            return
        text = self.board_text(live, self.status_text(live) if status is None else status)
        self.calls += 1
        try:
            await channel.get_partial_message(message_id).edit(content=text)  # type: ignore[union-attr]
        except discord.HTTPException as exc:
            log.debug("status edit skipped: %s", exc)

    def status_text(self, live: LiveRound) -> str:
        rows = []
        for player, words in live.game.found.items():
            if words:
                name = live.names.get(player, f"player {player}")
                points = sum(live.game.points_of(w) for w in words)
                rows.append((name, len(words), points))
        return render.status_lines(rows)

    def warn(self, live: LiveRound, left: float) -> None:
        channel = self.client.get_channel(live.channel_id)
        if channel is None:
            return
        self.calls += 1
        self._spawn(self._send(channel, f"⏳ **{round(left)} seconds left!**"))

    async def _send(self, channel: discord.abc.Messageable, text: str) -> None:
        try:
            await channel.send(text)
        except discord.HTTPException as exc:
            log.debug("message skipped: %s", exc)

    async def final(self, live: LiveRound, results: Results, names: Mapping[int, str]) -> None:
        """The round is over: the board shows the final standing (cancellations counted)."""
        pending = self._editing.pop(live.id, None)
        if pending is not None:
            await asyncio.gather(pending, return_exceptions=True)
        self._dirty.discard(live.id)
        self._last_edit.pop(live.id, None)
        message_id = live.stored.board_message_id
        if message_id is None:
            return
        rows = [
            (names.get(p.player, f"player {p.player}"), len(p.words), p.points)
            for p in results.players
        ]
        status = render.status_lines(rows)
        ending = "**Stopped early.**" if live.stopped else "**Time is up.**"
        await self._edit_status(live, message_id, (status + "\n" if status else "") + ending)

    def _spawn(self, coro: object) -> asyncio.Task[None]:
        task = asyncio.ensure_future(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        """Wait for feedback calls in flight (at shutdown and in tests)."""
        if self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
