"""Live updates for the page without touching the round service: for each channel that has
sockets, a watcher reads ``rounds.running(channel)`` a few times a second, sends the scoreboard
when it changes (chat players' words too), a new round when one starts, and the results, read
from the database, once the round has left the service (every word committed by then)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from bot.rounds.live import LiveRound
from bot.rounds.service import RoundService
from bot.storage import Storage
from bot.web import payloads
from bot.web.payloads import Json
from core.round import Results, Round

log = logging.getLogger(__name__)

POLL = 0.2  # seconds between looks at a watched channel's round


class Socket(Protocol):
    """What the hub needs of a player's connection (``bot.web.session.Session``)."""

    player_id: int
    language: str

    async def send(self, message: Json) -> None: ...


@dataclass
class Ended:
    """A finished round as the page shows it: scored from what the database holds."""

    round_id: int
    game: Round
    scored: Results
    names: dict[int, str]

    def payload(self, socket: Socket) -> Json:
        return payloads.results(
            self.round_id, self.game, self.scored, self.names, socket.player_id, socket.language
        )


@dataclass
class Watched:
    sockets: set[Socket] = field(default_factory=set)
    live: LiveRound | None = None
    standings: tuple[object, ...] = ()
    ended: Ended | None = None
    task: asyncio.Task[None] | None = None
    poke: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    """The channels the page watches, and what each socket there was last told."""

    def __init__(
        self,
        rounds: RoundService,
        storage: Storage,
        clock: Callable[[], float],
        poll: float = POLL,
    ) -> None:
        self.rounds = rounds
        self.storage = storage
        self.clock = clock
        self.poll = poll
        self.channels: dict[int, Watched] = {}

    async def join(self, channel_id: int, socket: Socket) -> None:
        """A socket's first state: the round running, else the last results seen here, else
        none; then every change."""
        watched = self.channels.get(channel_id)
        if watched is None:
            watched = self.channels[channel_id] = Watched()
            live = self.rounds.running(channel_id)
            # Only a round the page is shown counts as seen: one still being posted is shown by
            # the first look after its board is out.
            watched.live = live if live is not None and live.posted and not live.finishing else None
            watched.task = asyncio.create_task(self._watch(channel_id, watched))
        watched.sockets.add(socket)
        await socket.send(self.state(channel_id, socket))

    def leave(self, channel_id: int, socket: Socket) -> None:
        watched = self.channels.get(channel_id)
        if watched is None:
            return
        watched.sockets.discard(socket)
        if not watched.sockets:
            del self.channels[channel_id]
            if watched.task is not None:
                watched.task.cancel()

    def changed(self, channel_id: int) -> None:
        """Look at the channel now (a word the page sent, a round it started)."""
        watched = self.channels.get(channel_id)
        if watched is not None:
            watched.poke.set()

    def state(self, channel_id: int, socket: Socket) -> Json:
        live = self.rounds.running(channel_id)
        if live is not None and live.posted and not live.finishing:
            return payloads.round_state(
                live.id, live.game, live.names, socket.player_id, self.clock(), socket.language
            )
        watched = self.channels.get(channel_id)
        if watched is not None and watched.ended is not None:
            return watched.ended.payload(socket)
        return {"type": "no_round", "can_start": True}

    async def close(self) -> None:
        for watched in list(self.channels.values()):
            if watched.task is not None:
                watched.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watched.task
        self.channels.clear()

    async def _watch(self, channel_id: int, watched: Watched) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watched.poke.wait(), self.poll)
            watched.poke.clear()
            try:
                await self._look(channel_id, watched)
            except Exception:  # a database hiccup: the next look tries again
                log.exception("channel %s: the page's live view failed", channel_id)

    async def _look(self, channel_id: int, watched: Watched) -> None:
        live = self.rounds.running(channel_id)
        if live is not None and (not live.posted or live.finishing):
            live = watched.live  # being posted, or ending: nothing new to show yet
        before = watched.live
        if before is not None and (live is None or live.id != before.id):
            ended = await self._ended(before)  # a failure keeps the round: the next look retries
            watched.live, watched.ended = None, ended
            await self._send_each(watched, ended.payload)
        if live is not None and (before is None or live.id != before.id):
            watched.live, watched.standings = live, _standings(live)
            await self._send_each(watched, lambda socket: self._round(live, socket))
        elif live is not None:
            now = _standings(live)
            if now != watched.standings:
                watched.standings = now
                await self._send_each(
                    watched,
                    lambda socket: {
                        "type": "scoreboard",
                        "scoreboard": payloads.scoreboard(
                            live.game, live.names, socket.player_id, socket.language
                        ),
                    },
                )

    def _round(self, live: LiveRound, socket: Socket) -> Json:
        return payloads.round_state(
            live.id, live.game, live.names, socket.player_id, self.clock(), socket.language
        )

    async def _send_each(self, watched: Watched, build: Callable[[Socket], Json]) -> None:
        sends: list[Awaitable[None]] = [s.send(build(s)) for s in list(watched.sockets)]
        await asyncio.gather(*sends, return_exceptions=True)

    async def _ended(self, live: LiveRound) -> Ended:
        """The results as the service scores them: from the database's accepted words, the
        missed words most common first."""
        scored = await self.rounds.settler.score(live.stored, live.game)
        names = dict(live.names)
        missing = [p.player for p in scored.players if p.player not in names]
        if missing:
            names |= await self.storage.display_names(live.stored.guild_id, missing)
        return Ended(live.id, live.game, scored, names)


def _standings(live: LiveRound) -> tuple[object, ...]:
    return tuple(live.game.standings())
