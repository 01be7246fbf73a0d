"""What a tournament owes its channel and its server, on the outbox: the sign-up post (made,
then shown again as people join and leave, closed when it starts or is cancelled), a line (too
few, cancelled, a round opening late), the standings after each round, the podium, and the
changes of Discord's scheduled event (made, started, ended). Each is owed in the transaction of
the fact that owes it (``sql.py``), all of a tournament's in its channel's order, so the event
is made before it is started and the standings go after what was owed before them.

The front end sends them (``TournamentSender``, handed to ``TournamentService.posts_sent_by``).
A sign-up shows the tournament as it is when it goes out (an edit shows the latest, whatever
is owed after it); a post's message carries its nonce (a repeat after a crash returns the first
message). The scheduled event's id is kept in the tournament's row once it is made, and later
changes edit that event; a create repeated after a crash (made on Discord, its id not kept yet)
first looks for the event the bot made with the tournament's name, start and place, and adopts
it rather than make a second (``TournamentSender.make_event``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from bot.kernel import codec
from bot.kernel.outbox import Owed, Post
from bot.tournaments.model import Entrants, Standings, StoredTournament, TournamentState
from bot.tournaments.store import TournamentStore

SIGNUP = "tournament sign-up"  # the outbox's kinds
NOTICE = "tournament notice"
STANDINGS = "tournament standings"
PODIUM = "tournament podium"
EVENT = "tournament event"


class EventMove(StrEnum):
    """A change of the tournament's scheduled event on Discord."""

    CREATE = "create"
    START = "start"
    END = "end"  # completed
    CANCEL = "cancel"  # cancelled before it started, else completed


@dataclass(frozen=True)
class SignupShown:
    """The sign-up post, as the tournament is when it goes out."""

    tournament_id: int


@dataclass(frozen=True)
class Notice:
    """One line in the tournament's channel, written in its language."""

    tournament_id: int
    line: str


@dataclass(frozen=True)
class EventChange:
    """A move of the tournament's scheduled event; a create's place, end and description."""

    tournament_id: int
    move: EventMove
    location: str = ""
    ends_at: float = 0.0
    description: str = ""


class TournamentSender(Protocol):
    """How the front end shows what a tournament owes. Each call raises to be tried again, or
    ``Undeliverable`` when it can never go (the channel gone, a permission missing)."""

    async def wait_until_ready(self) -> None: ...

    async def signup(
        self, entrants: Entrants, open: bool, message_id: int | None, nonce: str
    ) -> int:
        """Post the sign-up (``message_id`` None) or edit it; the message's id."""
        ...

    async def notice(self, channel_id: int, line: str, nonce: str) -> None: ...

    async def standings(self, standings: Standings, nonce: str) -> None: ...

    async def podium(self, standings: Standings, nonce: str) -> None: ...

    async def make_event(
        self, tournament: StoredTournament, location: str, ends_at: float, description: str
    ) -> int | None:
        """The tournament's event: the one the bot made for it already (found by its name,
        start and place), else a new one; None where the bot may not make one."""
        ...

    async def move_event(self, guild_id: int, event_id: int, move: EventMove) -> None:
        """Start or end the event; a move Discord no longer takes (it is over) is no error."""
        ...


def _owed(kind: str, t: StoredTournament, fact: object) -> list[Owed]:
    return [Owed(kind, t.guild_id, t.channel_id, codec.dumps(fact))]


def signup_owed(t: StoredTournament) -> list[Owed]:
    return _owed(SIGNUP, t, SignupShown(t.id))


def notice_owed(t: StoredTournament, line: str) -> list[Owed]:
    return _owed(NOTICE, t, Notice(t.id, line))


def standings_owed(standings: Standings) -> list[Owed]:
    """The standings after the round just added, or the podium after the last."""
    t = standings.tournament
    return _owed(PODIUM if standings.played >= t.rounds else STANDINGS, t, standings)


def event_owed(t: StoredTournament, change: EventChange) -> list[Owed]:
    """The event's change, where the tournament has a start time (an event only then)."""
    return _owed(EVENT, t, change) if t.starts_at is not None else []


def ended_owed(t: StoredTournament, cancelled: bool, line: str | None = None) -> list[Owed]:
    """What a tournament's end owes: the sign-up closed (if it was open), the event ended
    (cancelled while it had not started), and a line."""
    move = EventMove.CANCEL if cancelled else EventMove.END
    owed = signup_owed(t) if t.state is TournamentState.SIGNUP else []
    owed += event_owed(t, EventChange(t.id, move))
    return owed + (notice_owed(t, line) if line is not None else [])


def deliverers(
    store: TournamentStore,
    sender: TournamentSender,
    entrants: Callable[[StoredTournament], Awaitable[Entrants]],
) -> Mapping[str, Callable[[Post], Awaitable[None]]]:
    """The outbox's deliverers of the tournaments' kinds, sending through ``sender``."""

    async def signup(post: Post) -> None:
        t = await store.get_tournament(codec.loads(SignupShown, post.payload).tournament_id)
        if t is None:
            return
        open = t.state is TournamentState.SIGNUP
        message = await sender.signup(await entrants(t), open, t.signup_message_id, post.nonce(0))
        if t.signup_message_id is None:
            await store.set_tournament_field(t.id, "signup_message_id", message)

    async def notice(post: Post) -> None:
        await sender.notice(post.channel_id, codec.loads(Notice, post.payload).line, post.nonce(0))

    async def standings(post: Post) -> None:
        await sender.standings(codec.loads(Standings, post.payload), post.nonce(0))

    async def podium(post: Post) -> None:
        await sender.podium(codec.loads(Standings, post.payload), post.nonce(0))

    async def event(post: Post) -> None:
        change = codec.loads(EventChange, post.payload)
        t = await store.get_tournament(change.tournament_id)
        if t is None:
            return
        if change.move is EventMove.CREATE:
            if t.event_id is not None:
                return  # made, and kept, before a crash: the outbox had not marked it
            made = await sender.make_event(t, change.location, change.ends_at, change.description)
            if made is not None:
                await store.set_tournament_field(t.id, "event_id", made)
        elif t.event_id is not None:  # none: never made (no permission, or given up)
            await sender.move_event(t.guild_id, t.event_id, change.move)

    return {
        SIGNUP: signup,
        NOTICE: notice,
        STANDINGS: standings,
        PODIUM: podium,
        EVENT: event,
    }
