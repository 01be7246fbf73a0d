"""A tournament with a start time and Discord's scheduled event: made when it is created (the
bot holding Create Events), started when its sign-up closes at the start time, completed at the
podium, or cancelled with the tournament; without the permission one line says so, Discord is
not asked, and the tournament runs the same. While nothing is due, the scheduler leaves the database alone."""

from __future__ import annotations

import asyncio
from pathlib import Path

from core.lexicon import Lexicon
from core.tournament import Format
from standin import StandIn
from standin.permissions import Perm
from standin.scheduled_events import EventStatus, ScheduledEvent
from tests.bot.harness import Clock, Harness, bot_session
from tests.bot.tournaments.play import Expected, add_people, finish, owner, play

COUNTS = {"alice": 2, "bob": 1}


def allow_events(standin: StandIn) -> None:
    guild = next(iter(standin.world.guilds))
    role = standin.world.add_role(guild, "events", Perm.CREATE_EVENTS)
    standin.world.give_role(guild, standin.world.bot.id, role.id)


def the_event(standin: StandIn) -> ScheduledEvent:
    (event,) = standin.world.scheduled_events.values()
    return event


async def create(game: Harness) -> tuple[int, str]:
    """A two-round series starting in 10 minutes, alice and bob in; its id and the reply."""
    handle = await game.standin.slash(
        "boggle",
        owner(game.standin),
        "tournament create",
        {"name": "Cup", "rounds": 2, "pause": "0", "start_at": "in 10m"},
    )
    reply = (await handle.followup()).content
    tid = await sign_up_clicks(game)
    return tid, reply


async def sign_up_clicks(game: Harness) -> int:
    signup = await game.standin.wait_for_message("boggle", lambda m: "Cup" in m.content, after=0)
    tid: int = game.query("SELECT id FROM tournaments")[0][0]
    for user in ("alice", "bob"):
        await (await game.standin.click(signup, user, f"tournament:join:{tid}")).original_message()
    return tid


async def run_at_its_start(game: Harness, tid: int) -> None:
    """Ten minutes pass: sign-up closes, two rounds are played, the podium is posted."""
    expected = Expected(Format.SERIES, 2, [game.user_id("alice"), game.user_id("bob")])
    game.clock.advance(600)
    seen: set[int] = set()
    for _ in range(2):
        await finish(game, tid, expected, *await play(game, expected, seen, COUNTS))


async def test_the_event_follows_the_tournament(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    allow_events(standin)
    add_people(standin)
    async with bot_session(standin, database, clock, lexicon) as game:
        tid, reply = await create(game)
        assert "Discord's event is made" in reply, reply
        event = the_event(standin)
        assert (event.status, event.name, event.location) == (
            EventStatus.SCHEDULED,
            "Cup",
            "#boggle",
        )
        assert game.query("SELECT event_id FROM tournaments") == [(event.id,)]
        # Nothing due before the start: the tournament's job waits for its start, unpolled.
        await game.services.scheduler.caught_up()
        looks = game.services.tournament_scheduler.looks
        (starts_at,) = game.query("SELECT starts_at FROM tournaments")[0]
        assert game.services.scheduler.when(f"tournament {tid}") == starts_at
        await game.services.scheduler.caught_up()
        assert game.services.tournament_scheduler.looks == looks
        started = asyncio.create_task(
            standin.wait_until(lambda: event.status is EventStatus.ACTIVE, timeout=10)
        )
        await run_at_its_start(game, tid)
        await started
        await standin.wait_until(lambda: event.status is EventStatus.COMPLETED)


async def test_a_cancelled_tournament_cancels_its_event(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    allow_events(standin)
    async with bot_session(standin, database, clock, lexicon) as game:
        await create(game)
        handle = await standin.slash("boggle", owner(standin), "tournament cancel")
        assert "is cancelled" in (await handle.followup()).content
        await standin.wait_until(lambda: the_event(standin).status is EventStatus.CANCELED)


async def test_without_the_permission_it_runs_the_same(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    add_people(standin)
    async with bot_session(standin, database, clock, lexicon) as game:
        tid, reply = await create(game)
        lines = reply.splitlines()
        assert lines[1:] == [
            "No Discord event: the bot lacks the Create Events permission; the tournament runs"
            " the same."
        ], reply
        tried = [c for c in standin.recorder.calls if c.route.endswith("/scheduled-events")]
        assert tried == []  # nothing asked that Discord would refuse
        await run_at_its_start(game, tid)
        assert standin.world.scheduled_events == {}


async def test_an_event_made_just_before_a_stop_is_not_made_twice(
    standin: StandIn, database: Path, clock: Clock, lexicon: Lexicon
) -> None:
    """Discord makes the event, but the bot stops before it hears the answer: that send is cut
    short, the event's id not kept, and the create goes again (in the stop's last deliveries,
    or at the next start). It finds the event it made (the same name, start and place) and
    keeps it rather than make a second."""
    allow_events(standin)
    standin.faults.answer_late("POST /guilds/{guild_id}/scheduled-events", 5.0)
    owed = "SELECT kind FROM outbox WHERE sent_at IS NULL AND given_up IS NULL"
    async with bot_session(standin, database, clock, lexicon) as game:
        handle = await standin.slash(
            "boggle", owner(standin), "tournament create", {"name": "Cup", "start_at": "in 10m"}
        )
        assert "Discord's event is made" in (await handle.followup()).content
        await standin.wait_until(lambda: standin.world.scheduled_events, timeout=10)
        assert game.query("SELECT event_id FROM tournaments") == [(None,)]  # answer held
    async with bot_session(standin, database, clock, lexicon) as game:
        await standin.wait_until(lambda: not game.query(owed), timeout=10)
        event = the_event(standin)  # the one
        assert game.query("SELECT event_id FROM tournaments") == [(event.id,)]
        assert event.status is EventStatus.SCHEDULED
