"""The rounds on the page, fed by the round service's events (``bot.rounds.events``): a new
round when its board is out, the scoreboard when a word is accepted (from any front end), the
results once they are scored. Nothing here looks at a round by itself: no polling."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from bot.kernel.refusal import Refusal
from bot.rounds.events import RoundEnded, RoundStarted, StandingsChanged
from bot.rounds.service import RoundService
from bot.rounds.view import RoundView
from bot.rounds.web import payloads
from bot.rounds.web.messages import Message, RankedJson, RoundResults, RoundState
from bot.rounds.web.scoreboards import Scoreboards
from core.round import Results, Verdict

log = logging.getLogger(__name__)

# Accepted words within this long of each other reach the page as one scoreboard: a busy
# channel costs a page a few updates a second, not one per word.
SCOREBOARD_EVERY = 0.2
# A crowd (this many pages or more on one channel) is sent a scoreboard a second: five a second
# to 800 sockets kept the bot's event loop busy enough to delay the players' verdicts.
CROWD = 50
CROWD_SCOREBOARD_EVERY = 1.0


class Socket(Protocol):
    """What the hub needs of a player's page (``bot.web.session.Session``)."""

    player_id: int
    language: str

    async def send(self, message: Message) -> None: ...

    async def send_text(self, text: str) -> None:
        """A message already encoded as JSON (one encoding shared by many sockets)."""


@dataclass
class Ended:
    """A finished round as the page shows it: scored from what the database holds. Its top
    entries are built once per language; each socket adds its own entry, and a player none of
    whose words counted hears the words refused (``RoundService.my_result``)."""

    round: RoundView
    scored: Results
    names: Mapping[int, str]
    tops: dict[str, list[RankedJson]] = field(default_factory=dict)

    async def payload(self, socket: Socket, rounds: RoundService) -> RoundResults:
        ranked = any(p.player == socket.player_id for p in self.scored.players)
        refused: tuple[tuple[str, Verdict], ...] = ()
        if not ranked:
            mine = await rounds.my_result(self.round.id, socket.player_id)
            refused = () if isinstance(mine, Refusal) else mine.refused
        language = socket.language
        top = self.tops.get(language)
        if top is None:
            top = self.tops[language] = payloads.top_ranked(
                self.round, self.scored, self.names, language
            )
        return payloads.results(
            self.round.id,
            self.round,
            self.scored,
            self.names,
            socket.player_id,
            language,
            refused,
            top,
        )


@dataclass
class Watched:
    sockets: set[Socket] = field(default_factory=set)
    ended: Ended | None = None
    scoreboard_due: asyncio.TimerHandle | None = None


class Hub:
    """The channels the page watches, and what each socket there is told."""

    def __init__(
        self,
        rounds: RoundService,
        clock: Callable[[], float],
        scoreboard_every: float = SCOREBOARD_EVERY,
        crowd_every: float = CROWD_SCOREBOARD_EVERY,
    ) -> None:
        self.rounds = rounds
        self.clock = clock
        self.scoreboard_every = scoreboard_every
        self.crowd_every = crowd_every
        self.channels: dict[int, Watched] = {}
        self._sending: set[asyncio.Task[None]] = set()
        events = rounds.events
        self._unsubscribe = [
            events.subscribe(RoundStarted, self._started),
            events.subscribe(StandingsChanged, self._changed),
            events.subscribe(RoundEnded, self._ended),
        ]

    async def join(self, channel_id: int, socket: Socket) -> None:
        """A socket's first state: the round running, else the last results seen here, else
        none; then every change."""
        self.channels.setdefault(channel_id, Watched()).sockets.add(socket)
        await socket.send(await self.state(channel_id, socket))

    def leave(self, channel_id: int, socket: Socket) -> None:
        watched = self.channels.get(channel_id)
        if watched is None:
            return
        watched.sockets.discard(socket)
        if not watched.sockets:
            del self.channels[channel_id]
            if watched.scoreboard_due is not None:
                watched.scoreboard_due.cancel()

    async def state(self, channel_id: int, socket: Socket) -> Message:
        """What the page shows now: the round (once its board is out), else the last results."""
        shown = self.rounds.view(channel_id)
        if shown is not None:
            return self._round(shown, socket)
        watched = self.channels.get(channel_id)
        if watched is not None and watched.ended is not None:
            return await watched.ended.payload(socket, self.rounds)
        return {"type": "no_round", "can_start": True}

    async def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        for watched in self.channels.values():
            if watched.scoreboard_due is not None:
                watched.scoreboard_due.cancel()
        self.channels.clear()
        for task in list(self._sending):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    # --- the round service's events --------------------------------------------------------------

    def _started(self, event: RoundStarted) -> None:
        watched = self.channels.get(event.round.channel_id)
        if watched is not None:
            watched.ended = None
            self._send_each(watched, lambda socket: self._round(event.round, socket))

    def _changed(self, event: StandingsChanged) -> None:
        """A scoreboard soon, for every word accepted meanwhile."""
        watched = self.channels.get(event.round.channel_id)
        if watched is not None and watched.scoreboard_due is None:
            loop = asyncio.get_running_loop()
            channel = event.round.channel_id
            crowd = len(watched.sockets) >= CROWD
            every = self.crowd_every if crowd else self.scoreboard_every
            watched.scoreboard_due = loop.call_later(every, self._scoreboard, channel)

    def _ended(self, event: RoundEnded) -> None:
        watched = self.channels.get(event.round.channel_id)
        if watched is None:
            return
        if watched.scoreboard_due is not None:
            watched.scoreboard_due.cancel()
            watched.scoreboard_due = None
        ended = watched.ended = Ended(event.round, event.results, dict(event.names))
        self._send_each(watched, lambda socket: ended.payload(socket, self.rounds))

    # --- sending -------------------------------------------------------------------------------

    def _scoreboard(self, channel_id: int) -> None:
        watched = self.channels.get(channel_id)
        if watched is None:
            return
        watched.scoreboard_due = None
        shown = self.rounds.view(channel_id)
        if shown is None:  # ended meanwhile: the results say it all
            return
        encoded = Scoreboards(shown)  # each part encoded once, for every socket
        self._send_each(watched, lambda socket: encoded.text(socket.language, socket.player_id))

    def _round(self, shown: RoundView, socket: Socket) -> RoundState:
        return payloads.round_state(
            shown.id, shown, shown.names, socket.player_id, self.clock(), socket.language
        )

    def _send_each(
        self, watched: Watched, build: Callable[[Socket], str | Message | Awaitable[Message]]
    ) -> None:
        """Send each socket its message, built now (encoded already, or awaited first: a
        player's own result); the sends run as one task of the hub."""
        sends: list[Awaitable[None]] = []
        for s in list(watched.sockets):
            message = build(s)
            if isinstance(message, str):
                sends.append(s.send_text(message))
            elif isinstance(message, dict):
                sends.append(s.send(message))
            else:
                sends.append(_built(s, message))
        if not sends:
            return
        sent = asyncio.gather(*sends, return_exceptions=True)
        sending: asyncio.Task[None] = asyncio.ensure_future(_quietly(sent))
        self._sending.add(sending)
        sending.add_done_callback(self._sending.discard)


async def _built(socket: Socket, message: Awaitable[Message]) -> None:
    await socket.send(await message)


async def _quietly(sends: Awaitable[object]) -> None:
    """A socket that went away is the session's to drop; nothing here raises."""
    try:
        await sends
    except Exception:
        log.exception("the page's live view failed")
