"""Running tournaments: rounds back to back, scores added at each end, standings, the podium.

Each tournament is a scheduler job at its next step, set by a look over every active one (at
start, when a use case says so, every ``REFRESH`` s). The database is the only state: each step
moves the row on with a conditional update (``sql.py``), so a step repeated after a crash or by
a second process does nothing twice, and owes what it shows in the same transaction (the
standings, the podium, a late round's line, the event's end: ``posts.py``), once. The server's
owning process runs it; a failing one is retried alone. A round that ended while no process
listened is scored again (``finished_results``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable

from bot.i18n.catalogue import text
from bot.kernel.events import EventBus
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.rounds.events import ResultsPosted, RoundEnded
from bot.rounds.options import RoundOptions, RoundRequest
from bot.rounds.service import RoundService
from bot.server_settings.service import ServerSettingsService
from bot.tournaments.events import TournamentEnded
from bot.tournaments.model import StoredTournament, TournamentState
from bot.tournaments.posts import EventChange, EventMove, event_owed, notice_owed, standings_owed
from bot.tournaments.service import TournamentService
from core.round import Results
from core.tournament import round_scores, still_in

log = logging.getLogger(__name__)
JOB = "tournaments"
LATE = 5.0  # a round opened this late after it was due says so
RETRY = 10.0  # a round that could not open is tried again this much later
REFRESH = 60.0  # the database read at least this often (a tournament another process made)
PLAYING = 5.0  # a round being played: its end is heard, but looked for this often too
RESULTS_GRACE = 30.0  # the standings wait this long at most for the round's results to go out


class TournamentScheduler:
    def __init__(
        self,
        service: TournamentService,
        rounds: RoundService,
        servers: ServerSettingsService,
        bus: EventBus,
        clock: Callable[[], float],
        scheduler: Scheduler,
        *,
        owns: Callable[[int], bool] = lambda guild_id: True,
    ) -> None:
        self.service, self.store, self.rounds = service, service.store, rounds
        self.servers, self.bus, self.clock = servers, bus, clock
        self.scheduler, self.owns = scheduler, owns
        self._locks: dict[int, asyncio.Lock] = {}
        self.looks = 0  # how many times the job read the database (its tests count them)
        self._added: dict[int, tuple[int, float]] = {}  # tournament: its round just added, when
        service.wake = self.start
        bus.subscribe(RoundEnded, self._round_ended)
        bus.subscribe(ResultsPosted, self._results_posted)

    def start(self) -> None:
        """Look now (the start, a use case: a tournament may be new or due)."""
        self.scheduler.at(JOB, self.clock(), self._look, looks=True)

    async def _look(self) -> float:
        """Each active tournament this process runs gets its job at its next step."""
        await self.service.ready()
        self.looks += 1
        now = self.clock()
        for t in await self.store.active_tournaments():
            if self.owns(t.guild_id):  # never later than what an event has planned
                self._plan(t.id, self._due(t, now), earliest=True)
        return now + REFRESH

    def _plan(self, tournament_id: int, instant: float, *, earliest: bool = False) -> None:
        self.scheduler.at(
            f"tournament {tournament_id}",
            instant,
            lambda: self._advance(tournament_id),
            looks=True,
            earliest=earliest,
        )

    async def _advance(self, tournament_id: int) -> float | None:
        """The tournament's step; the instant of its next (None: it is over)."""
        await self.step(tournament_id)
        t = await self.store.get_tournament(tournament_id)
        return self._due(t, self.clock()) if t is not None and t.open else None

    def _due(self, t: StoredTournament, now: float) -> float:
        """``next_step``, but standings waiting for their round's results are due at the grace's
        end (``ResultsPosted`` steps them sooner)."""
        added = self._added.get(t.id)
        if added is not None and t.announced < t.played:
            return max(next_step(t, now), added[1] + RESULTS_GRACE)
        return next_step(t, now)

    async def step(self, tournament_id: int, ended: tuple[int, Results] | None = None) -> None:
        """Move the tournament on as far as it can go now (one step at a time per tournament)."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()):
            t = await self.store.get_tournament(tournament_id)
            if t is None or not t.open:
                return
            now = self.clock()
            if t.state is TournamentState.SIGNUP:
                if t.starts_at is not None and now >= t.starts_at:
                    await self.service.begin(t)
                return
            if t.round_id is not None:
                await self._maybe_add(t, ended)
                t = await self.store.get_tournament(tournament_id) or t
            if t.round_id is not None:
                return
            if t.announced < t.played:
                if not await self._results_out(t, now):
                    return  # the standings go under the round's results: ResultsPosted says
                await self._announce(t)
            if t.played >= t.rounds:
                await self._finish(t)
            elif t.opening_at is not None:
                await self._recover_opening(t)
            elif t.next_at is not None and now >= t.next_at:
                await self._open(t, now)

    # --- a round's end ------------------------------------------------------------------------

    async def _round_ended(self, event: RoundEnded) -> None:
        t = await self.store.channel_tournament(event.round.channel_id)
        if t is not None and t.round_id == event.round.id and self.owns(t.guild_id):
            await self.step(t.id, (event.round.id, event.results))
            self._plan(t.id, self.clock())  # what comes next, and when

    async def _results_posted(self, event: ResultsPosted) -> None:
        t = await self.store.channel_tournament(event.channel_id)
        if t is not None and self.owns(t.guild_id):
            await self.step(t.id)
            self._plan(t.id, self.clock())  # the standings are out: what comes next, and when

    async def _results_out(self, t: StoredTournament, now: float) -> bool:
        """Whether the round just added has its results in the channel, or waited
        ``RESULTS_GRACE`` for them (a round added before a restart is not waited for)."""
        added = self._added.get(t.id)
        if added is None or now >= added[1] + RESULTS_GRACE:
            return True
        stored = await self.store.get_round(added[0])
        return stored is None or stored.results_posted_at is not None

    async def _maybe_add(self, t: StoredTournament, ended: tuple[int, Results] | None) -> None:
        assert t.round_id is not None
        if ended is None and self.rounds.is_running(t.channel_id):
            return  # still being played: its RoundEnded will say
        if ended is not None and ended[0] == t.round_id:
            stored, results = await self.store.get_round(t.round_id), ended[1]
        else:
            found = await self.rounds.finished_results(t.round_id)
            if found is None:
                return  # still being played
            stored, results = found
        assert stored is not None
        entrants = await self.service.entrants(t)
        playing = still_in(t.format, entrants.players, await self.store.round_scores(t.id))
        accepted = await self.store.accepted_words(t.round_id)
        scores = round_scores(results, accepted, stored.started_at, playing)
        next_at = self.clock() + t.break_seconds
        number = t.played + 1
        if await self.store.add_round_scores(t.id, number, t.round_id, scores.values(), next_at):
            log.info("tournament %s: round %d added", t.id, number)
            self._added[t.id] = (t.round_id, self.clock())

    # --- between rounds and the end -------------------------------------------------------------

    async def _announce(self, t: StoredTournament) -> None:
        """The standings after the round just added, or the podium after the last: owed once,
        with the mark that they are."""
        owed = standings_owed(await self.service.standings(t))
        if await self.store.announce(t.id, t.played, self.clock(), owed):
            self.service.outbox.owed(owed)
        self._added.pop(t.id, None)

    async def _finish(self, t: StoredTournament) -> None:
        standings = await self.service.standings(t)
        owed = event_owed(t, EventChange(t.id, EventMove.END))  # Discord's event completed
        now = self.clock()
        if await self.store.finish_tournament(t.id, t.guild_id, standings.placings, now, owed):
            self.service.outbox.owed(owed)
            log.info("tournament %s finished", t.id)
            places = tuple(p.player for p in standings.placings)
            self.bus.publish(
                TournamentEnded(t.guild_id, t.channel_id, t.id, places, standings.names, t.language)
            )

    # --- opening a round --------------------------------------------------------------------------

    async def _open(self, t: StoredTournament, now: float) -> None:
        """Round ``played + 1`` opens in the tournament's channel for those still in; a late
        start says how late."""
        assert t.next_at is not None
        number, late = t.played + 1, now - t.next_at
        owed = []
        if late > LATE:  # said in the channel, owed with the opening's claim
            line = text(
                "tournaments.late", t.language, number=number, seconds=round(late), name=t.name
            )
            owed = notice_owed(t, line)
        if not await self.store.claim_opening(t.id, t.played, now, owed):
            return
        self.service.outbox.owed(owed)
        entrants = await self.service.entrants(t)
        playing = still_in(t.format, entrants.players, await self.store.round_scores(t.id))
        options = RoundOptions(
            t.size,
            t.dice,
            t.seconds,
            t.mode,
            t.min_length,
            language=t.language,
            dictionary=t.dictionary,
            entrants=frozenset(playing),
        )
        # The tournament's channel was a round channel when it was made; its banned words hold.
        server = dataclasses.replace(await self.servers.of(t.guild_id), channels=frozenset())
        organiser = (await self.store.display_names(t.guild_id, [t.organiser_id])).get(
            t.organiser_id, entrants.name(t.organiser_id)
        )
        request = RoundRequest(t.guild_id, t.channel_id, t.organiser_id, organiser, options)
        opened = await self.rounds.open_round(request, server)
        if isinstance(opened, Refusal):
            log.warning("tournament %s: round %d not opened (%s)", t.id, number, opened.key)
            await self.store.release_opening(t.id, self.clock() + RETRY)
            return
        await self.store.attach_round(t.id, number, opened.id, t.next_at)

    async def _recover_opening(self, t: StoredTournament) -> None:
        """An opening this process does not hold (it died meanwhile): the round it opened is
        adopted, or the opening is tried again."""
        assert t.opening_at is not None
        found = await self.store.round_opened_since(t.channel_id, t.opening_at)
        if found is not None:
            await self.store.attach_round(t.id, t.played + 1, found, t.next_at or t.opening_at)
        else:
            await self.store.release_opening(t.id, t.next_at or self.clock())


def next_step(t: StoredTournament, now: float) -> float:
    """When ``t`` has something to do: its start, its next round, at once (a round's scores to
    announce, an opening to recover, the end), or soon while a round is played."""
    if t.state is TournamentState.SIGNUP:
        return t.starts_at if t.starts_at is not None else now + REFRESH
    if t.round_id is not None:
        return now + PLAYING
    if t.announced < t.played or t.played >= t.rounds or t.opening_at is not None:
        return now
    return t.next_at if t.next_at is not None else now + REFRESH
