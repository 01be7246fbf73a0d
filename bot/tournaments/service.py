"""The tournaments feature's use cases: create, join, leave, start, cancel, status, a player's
record, the organisers' role. The rounds themselves are run by ``bot.tournaments.scheduler``
(one per process, for the servers this process owns); both share this service's store and ports.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.i18n.catalogue import text
from bot.i18n.phrase import Phrase
from bot.kernel.options import OptionError
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
from bot.tournaments.store import Calendar, Poster, PostFailed, TournamentStore
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
    def __init__(
        self, store: TournamentStore, poster: Poster, calendar: Calendar, clock: Callable[[], float]
    ) -> None:
        self.store, self.poster, self.calendar, self.clock = store, poster, calendar, clock
        self.wake: Callable[[], None] = lambda: None  # the scheduler looks again at once

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
    ) -> Created | Refusal:
        """A new tournament in the channel, its sign-up posted, and (with a start time) its
        Discord event made where the bot may; refused to a non-organiser, or where the channel
        has one open already."""
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
        created = await self.store.create_tournament(values)
        if created is None:
            return Refusal.of("tournaments.channel_busy", language)
        await self.store.remember_names(guild_id, {organiser[0]: organiser[1]}, now)
        entrants = await self.entrants(created)
        try:
            message = await self.poster.signup(entrants, True, None)
            await self.store.set_tournament_field(created.id, "signup_message_id", message)
        except PostFailed as exc:
            await self.store.cancel_tournament(created.id, now)
            log.warning("tournament %s: sign-up not posted (%s)", created.id, exc.reason)
            return Refusal.of("replies.cannot_post", language)
        event: bool | None = None
        if created.starts_at is not None:
            end = created.starts_at + duration(created) + EVENT_MARGIN
            description = text("tournaments.event_description", language, rounds=created.rounds)
            event_id = await self.calendar.create(created, location, end, description)
            event = event_id is not None
            if event_id is not None:
                await self.store.set_tournament_field(created.id, "event_id", event_id)
        self.wake()
        return Created(entrants, event)

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
        now = self.clock()
        if joining:
            await self.store.remember_names(t.guild_id, {player: name}, now)
            changed = await self.store.join_tournament(t.id, player, now)
        else:
            changed = await self.store.leave_tournament(t.id, player)
        if not changed:
            key = "tournaments.already_in" if joining else "tournaments.not_in"
            return Refusal.of(key, t.language)
        entrants = await self.entrants(t)
        await self._show_signup(entrants, True)
        return entrants

    async def _show_signup(self, entrants: Entrants, open: bool) -> None:
        message = entrants.tournament.signup_message_id
        if message is None:
            return
        try:
            await self.poster.signup(entrants, open, message)
        except PostFailed as exc:
            log.info("tournament %s: sign-up not edited (%s)", entrants.tournament.id, exc)

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
        """Sign-up closes: with enough entrants the tournament runs (its first round due now),
        otherwise it is cancelled; said in the channel either way."""
        now = self.clock()
        entrants = await self.entrants(t)
        if len(entrants.players) < MIN_ENTRANTS:
            if await self.store.cancel_tournament(t.id, now):
                await self.ended(t, cancelled=True)
                await self.notice(t, text("tournaments.too_few", t.language, name=t.name))
            return Refusal.of("tournaments.too_few", t.language, name=t.name)
        if not await self.store.begin_tournament(t.id, now):
            return Refusal.of("tournaments.already_started", t.language)
        await self._show_signup(entrants, False)
        if t.event_id is not None and not await self.calendar.start(t.guild_id, t.event_id):
            log.info("tournament %s: its Discord event could not be started", t.id)
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
        if not await self.store.cancel_tournament(t.id, self.clock()):
            return Refusal.of("tournaments.none_here", language)
        if t.state is TournamentState.SIGNUP:
            await self._show_signup(await self.entrants(t), False)
        await self.ended(t, cancelled=True)
        await self.notice(t, text("tournaments.cancelled", t.language, name=t.name))
        return t

    async def ended(self, t: StoredTournament, cancelled: bool) -> None:
        """Discord's event follows: cancelled before it started, else completed."""
        if t.event_id is None:
            return
        if not await self.calendar.end(t.guild_id, t.event_id, cancelled):
            log.info("tournament %s: its Discord event could not be ended", t.id)

    async def notice(self, t: StoredTournament, line: str) -> None:
        try:
            await self.poster.notice(t.channel_id, line)
        except PostFailed as exc:
            log.info("tournament %s: notice not posted (%s)", t.id, exc)

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
