"""The tournaments feature's use cases: create, join, leave, start, cancel, status, a player's
record, the organisers' role. The rounds themselves are run by ``bot.tournaments.scheduler``
(one per process, for the servers this process owns); both share this service's store and its
outbox, where every step owes what it shows (``bot.tournaments.posts``: the sign-up, a line, the
standings, the podium, Discord's scheduled event), sent by the front end (``posts_sent_by``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n.catalogue import text
from bot.i18n.phrase import Phrase
from bot.kernel.options import OptionError
from bot.kernel.outbox import Outbox, Owed
from bot.kernel.refusal import Refusal
from bot.rounds.options import RoundOptions
from bot.tournaments.model import (
    Created,
    Entrants,
    Standings,
    StoredTournament,
    TournamentRecord,
    TournamentState,
)
from bot.tournaments.options import check_plan
from bot.tournaments.posts import (
    EventChange,
    EventMove,
    TournamentSender,
    deliverers,
    ended_owed,
    event_owed,
    signup_owed,
)
from bot.tournaments.store import TournamentStore
from core.tournament import MIN_ENTRANTS, Format, standings, still_in

log = logging.getLogger(__name__)
EVENT_MARGIN = 5 * 60  # the scheduled event's end: the rounds, the breaks and this much more


@dataclass(frozen=True)
class Plan:
    """A tournament as its organiser asks for it."""

    name: str
    format: Format
    rounds: int
    break_seconds: int
    starts_at: float | None
    options: RoundOptions


class TournamentService:
    def __init__(self, store: TournamentStore, outbox: Outbox, clock: Callable[[], float]) -> None:
        self.store, self.outbox, self.clock = store, outbox, clock
        self.wake: Callable[[], None] = lambda: None  # the scheduler looks again at once
        self._sender: TournamentSender | None = None
        self._sent_by = asyncio.Event()  # set once the front end says how it shows them

    def posts_sent_by(self, sender: TournamentSender) -> None:
        """The front end's way to show what tournaments owe (the outbox calls it until each is
        out, with the same nonces each time)."""
        self._sender = sender
        self.outbox.deliver_with(deliverers(self.store, sender, self.entrants))
        self._sent_by.set()

    async def ready(self) -> None:
        """Until the front end shows tournaments (a round opened before would find no
        channel)."""
        await self._sent_by.wait()
        assert self._sender is not None
        await self._sender.wait_until_ready()

    # --- the organisers ------------------------------------------------------------------------

    async def organiser_role(self, guild_id: int) -> int | None:
        return await self.store.organiser_role(guild_id)

    async def set_organiser_role(self, guild_id: int, role_id: int | None) -> None:
        await self.store.set_organiser_role(guild_id, role_id)

    # --- creating and signing up ---------------------------------------------------------------

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        organiser: tuple[int, str],
        plan: Plan,
        organises: bool,
        location: str,
        events: bool,
    ) -> Created | Refusal:
        """A new tournament in the channel, its sign-up owed, and (with a start time, where the
        bot may make Discord's events: ``events``) its Discord event; refused to a
        non-organiser, or where the channel has one open already."""
        o = plan.options
        language = o.language
        if not organises:
            return Refusal.of("tournaments.not_organiser", language)
        now = self.clock()
        try:
            check_plan(plan.name, plan.rounds, plan.break_seconds, plan.starts_at, o, now)
        except OptionError as exc:
            return Refusal.of("replies.bad_option", language, error=Phrase(exc.key, exc.fields))
        values = StoredTournament(
            0, guild_id, channel_id, organiser[0], plan.name, plan.format, plan.rounds,
            plan.break_seconds, plan.starts_at, o.size, o.dice, o.seconds, o.mode, o.min_length,
            o.language, o.dictionary, TournamentState.SIGNUP, 0, 0, None, None, None, None, None,
            now,
        )  # fmt: skip

        def owed(made: StoredTournament) -> list[Owed]:
            if made.starts_at is None or not events:
                return signup_owed(made)
            end = made.starts_at + duration(made) + EVENT_MARGIN
            description = text("tournaments.event_description", language, rounds=made.rounds)
            change = EventChange(made.id, EventMove.CREATE, location, end, description)
            return signup_owed(made) + event_owed(made, change)

        created = await self.store.create_tournament(values, owed)
        if created is None:
            return Refusal.of("tournaments.channel_busy", language)
        self.outbox.owed(owed(created))
        await self.store.remember_names(guild_id, {organiser[0]: organiser[1]}, now)
        self.wake()
        return Created(await self.entrants(created), None if created.starts_at is None else events)

    async def entrants(self, tournament: StoredTournament) -> Entrants:
        rows = await self.store.tournament_entrants(tournament.id)
        players = tuple(r.user_id for r in rows)
        names = await self.store.display_names(tournament.guild_id, players)
        return Entrants(tournament, players, names)

    async def join(self, tournament_id: int, player: int, name: str) -> Entrants | Refusal:
        return await self._sign(tournament_id, player, name, joining=True)

    async def leave(self, tournament_id: int, player: int) -> Entrants | Refusal:
        return await self._sign(tournament_id, player, "", joining=False)

    async def _sign(
        self, tournament_id: int, player: int, name: str, joining: bool
    ) -> Entrants | Refusal:
        """Join or leave while sign-up is open; the sign-up post shows the new list."""
        t = await self.store.get_tournament(tournament_id)
        if t is None or t.state is not TournamentState.SIGNUP:
            return Refusal.of("tournaments.signup_closed_refusal", t.language if t else None)
        now, shown = self.clock(), signup_owed(t)  # the sign-up shows the new list
        if joining:
            await self.store.remember_names(t.guild_id, {player: name}, now)
            changed = await self.store.join_tournament(t.id, player, now, shown)
        else:
            changed = await self.store.leave_tournament(t.id, player, now, shown)
        if not changed:
            key = "tournaments.already_in" if joining else "tournaments.not_in"
            return Refusal.of(key, t.language)
        self.outbox.owed(shown)
        return await self.entrants(t)

    # --- the organiser's commands --------------------------------------------------------------

    async def start_now(
        self, channel_id: int, organises: bool, language: str
    ) -> StoredTournament | Refusal:
        """Close sign-up and start the channel's tournament now (one started "when I start it",
        or earlier than planned)."""
        t = await self.store.channel_tournament(channel_id)
        refused = _may_run(t, organises, language)
        if refused is not None:
            return refused
        assert t is not None
        if t.state is not TournamentState.SIGNUP:
            return Refusal.of("tournaments.already_started", t.language)
        begun = await self.begin(t)
        return begun if isinstance(begun, Refusal) else t

    async def begin(self, t: StoredTournament) -> StoredTournament | Refusal:
        """Sign-up closes: with enough entrants the tournament runs (its first round due now,
        the sign-up closed, Discord's event started), otherwise it is cancelled; said in the
        channel either way."""
        now = self.clock()
        entrants = await self.entrants(t)
        if len(entrants.players) < MIN_ENTRANTS:
            too_few = text("tournaments.too_few", t.language, name=t.name)
            owed = ended_owed(t, cancelled=True, line=too_few)
            if await self.store.cancel_tournament(t.id, now, owed):
                self.outbox.owed(owed)
            return Refusal.of("tournaments.too_few", t.language, name=t.name)
        owed = signup_owed(t) + event_owed(t, EventChange(t.id, EventMove.START))
        if not await self.store.begin_tournament(t.id, now, owed):
            return Refusal.of("tournaments.already_started", t.language)
        self.outbox.owed(owed)
        self.wake()
        return t

    async def cancel(
        self, channel_id: int, organises: bool, language: str
    ) -> StoredTournament | Refusal:
        """Cancel the channel's tournament (a round being played ends as an ordinary round)."""
        t = await self.store.channel_tournament(channel_id)
        refused = _may_run(t, organises, language)
        if refused is not None:
            return refused
        assert t is not None
        line = text("tournaments.cancelled", t.language, name=t.name)
        owed = ended_owed(t, cancelled=True, line=line)  # the sign-up closed, the event too
        if not await self.store.cancel_tournament(t.id, self.clock(), owed):
            return Refusal.of("tournaments.none_here", language)
        self.outbox.owed(owed)
        return t

    # --- seeing ---------------------------------------------------------------------------------

    async def status(self, channel_id: int, language: str) -> Entrants | Standings | Refusal:
        """The channel's tournament: its entrants while in sign-up, else its standings."""
        t = await self.store.channel_tournament(channel_id)
        if t is None:
            return Refusal.of("tournaments.none_here", language)
        if t.state is TournamentState.SIGNUP:
            return await self.entrants(t)
        return await self.standings(t)

    async def standings(self, t: StoredTournament) -> Standings:
        entrants = await self.entrants(t)
        scores = (await self.store.round_scores(t.id))[: t.played]
        placed = standings(t.format, entrants.players, scores, t.rounds)
        playing = still_in(t.format, entrants.players, scores)
        return Standings(t, len(scores), tuple(placed), entrants.names, tuple(playing), t.next_at)

    async def record(self, guild_id: int, player: int) -> TournamentRecord:
        return await self.store.tournament_record(guild_id, player)


def duration(t: StoredTournament) -> float:
    """How long its rounds and breaks take, at the least."""
    return t.rounds * t.seconds + (t.rounds - 1) * t.break_seconds


def _may_run(t: StoredTournament | None, organises: bool, language: str) -> Refusal | None:
    if t is None:
        return Refusal.of("tournaments.none_here", language)
    if not organises:
        return Refusal.of("tournaments.not_organiser", t.language)
    return None
