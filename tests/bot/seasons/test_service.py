"""Seasons on a stopped clock, on both engines: a season rolls over at the server's own
midnight (UTC and Auckland), is archived once with an exact recap (figures worked out by hand
from the stored rounds), stays readable by number and by name, and nothing is reset."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.kernel.events import EventBus
from bot.kernel.outbox import Outbox
from bot.kernel.refusal import Refusal
from bot.kernel.scheduler import Scheduler
from bot.seasons.events import SeasonEnded
from bot.seasons.service import SeasonService, SeasonStandings
from bot.server_settings.model import ServerSettings
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.board import Board
from core.round import Mode, Rules, tally
from core.seasons import Place
from tests.bot.harness import StoppedClock
from tests.bot.seasons.seeding import BOARD, seed

HERE, AUCKLAND = 100, 200
P1, P2, P3 = 11, 12, 13


def at(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return datetime(year, month, day, hour, minute, tzinfo=UTC).timestamp()


def service(storage: Storage, clock: StoppedClock) -> tuple[SeasonService, list[SeasonEnded]]:
    events = EventBus()
    told: list[SeasonEnded] = []
    events.subscribe(SeasonEnded, told.append)
    scheduler = Scheduler(clock)
    outbox = Outbox(storage, scheduler, clock, lambda g: True)
    seasons = SeasonService(
        storage, ServerSettingsService(storage), events, clock, lambda g: True, scheduler, outbox
    )
    return seasons, told


async def test_seasons_roll_over_in_two_time_zones(storage: Storage) -> None:
    await storage.save_defaults(AUCKLAND, ServerSettings(timezone="Pacific/Auckland"))
    march_a = await seed(
        storage,
        HERE,
        {P1: ["cat", "cats", "dog", "lime"], P2: ["planets", "rent"], P3: ["ten"]},
        at(2026, 3, 10, 12),
    )
    await seed(
        storage,
        HERE,
        {P2: ["act", "tag", "mile", "net", "stone"], P3: ["quartz", "dogs", "cat"]},
        at(2026, 3, 20, 12),
    )
    # 20:00 UTC on 31 March is 09:00 on 1 April in Auckland (NZDT ended on 5 April: +13).
    await seed(storage, AUCKLAND, {P1: ["cat", "dog"], P2: ["cat"]}, at(2026, 3, 31, 20))
    clock = StoppedClock(at(2026, 3, 31, 23, 59))
    seasons, told = service(storage, clock)
    assert await seasons.close_due() == []  # March not over here yet
    clock.now = at(2026, 4, 1, 0, 1)
    ended = await seasons.close_due()
    assert [(e.guild_id, e.number, e.name) for e in ended] == [(HERE, 1, "2026-03")]
    assert told == ended
    assert await seasons.close_due() == []  # archived once
    recap = ended[0].recap
    # P2: 5+1 then 1+1+1+1+2 = 12 points, 7 words; P3: 1, then 3+1+1 = 6 points; P1: 4.
    assert [(p.place, p.user_id, p.points, p.words, p.rounds) for p in recap.places] == [
        (1, P2, 12, 7, 2),
        (2, P3, 6, 4, 2),
        (3, P1, 4, 4, 1),
    ]
    assert recap.most_words == (P2, 7)
    assert recap.longest_word == (P2, "planets")
    assert recap.best_round == (P2, 6, march_a)  # 6 twice: the earlier round
    assert recap.most_improved is None  # no season before
    assert ended[0].last_champion is None

    # Auckland's March was empty; its April (from 31 March 11:00 UTC) ends on 30 April 12:00 UTC.
    clock.now = at(2026, 4, 30, 11, 59)
    await seed(storage, HERE, {P3: ["quartz", "stone", "dogs"]}, at(2026, 4, 15))
    assert await seasons.close_due() == []
    clock.now = at(2026, 4, 30, 12, 1)
    ended = await seasons.close_due()
    assert [(e.guild_id, e.name, e.recap.champion) for e in ended] == [
        (AUCKLAND, "2026-04", Place(1, P1, 2, 2, 1, 1, "cat", 2))
    ]
    clock.now = at(2026, 5, 1, 0, 1)
    (april,) = await seasons.close_due()
    assert (april.number, april.name, april.last_champion) == (2, "2026-04", P2)
    assert april.recap.most_improved is None  # P3: 6 points again, no gain


async def test_the_archive_is_readable_and_nothing_is_reset(storage: Storage) -> None:
    await seed(storage, HERE, {P1: ["cat", "dogs"], P2: ["stone"]}, at(2026, 1, 5))
    await seed(storage, HERE, {P2: ["planets"]}, at(2026, 2, 5))
    clock = StoppedClock(at(2026, 2, 1, 0, 1))
    seasons, _ = service(storage, clock)
    await seasons.close_due()
    clock.now = at(2026, 3, 1, 0, 1)
    (february,) = await seasons.close_due()
    assert february.recap.most_improved == (P2, 5 - 2)
    by_number = await seasons.standings(HERE, "1")
    by_name = await seasons.standings(HERE, "2026-01")
    assert isinstance(by_number, SeasonStandings) and by_number == by_name
    assert [(p.user_id, p.points) for p in by_number.places] == [(P1, 2), (P2, 2)]
    assert not by_number.current and by_number.names[P1] == f"P{P1}"
    current = await seasons.standings(HERE)
    assert isinstance(current, SeasonStandings)
    assert (current.name, current.number, current.current, current.places) == (
        "2026-03",
        3,
        True,
        (),
    )
    assert await seasons.standings(HERE, "3") == current == await seasons.standings(HERE, "2026-03")
    unknown = await seasons.standings(HERE, "2025-12")
    assert isinstance(unknown, Refusal)
    stats = await storage.player_stats(HERE, P2)
    assert stats is not None and stats.points == 7  # all time, across both seasons

    await seasons.configure(HERE, length="quarter")
    quarter = await seasons.standings(HERE)
    assert isinstance(quarter, SeasonStandings) and quarter.name == "2026-Q1"
    assert [(p.user_id, p.points) for p in quarter.places] == [(P2, 7), (P1, 2)]
    await seasons.configure(HERE, length="off")
    assert isinstance(await seasons.standings(HERE), Refusal)


async def test_coop_rounds_are_kept_off_a_seasons_places(storage: Storage) -> None:
    await seed(storage, HERE, {P1: ["cat", "dogs"], P3: ["stone"]}, at(2026, 1, 5), mode=Mode.COOP)
    await seed(storage, HERE, {P2: ["planets"]}, at(2026, 1, 6))
    clock = StoppedClock(at(2026, 1, 20))
    seasons, _ = service(storage, clock)
    current = await seasons.standings(HERE)
    assert isinstance(current, SeasonStandings)
    assert [(p.user_id, p.points) for p in current.places] == [(P2, 5)]
    clock.now = at(2026, 2, 1, 0, 1)
    (january,) = await seasons.close_due()
    assert [p.user_id for p in january.recap.places] == [P2]
    assert [p.user_id for p in await storage.season_places(HERE, 1)] == [P2]


async def test_each_servers_season_ends_at_its_own_midnight(storage: Storage) -> None:
    """The service started on the scheduler: each server's season is a job at its end in its
    zone; a season that ended while the bot was down is archived at the start, the next one at
    its midnight (Auckland's 11 hours before UTC's), nothing in between."""
    await storage.save_defaults(AUCKLAND, ServerSettings(timezone="Pacific/Auckland"))
    await seed(storage, HERE, {P1: ["cat", "dog"]}, at(2026, 2, 10, 12))  # ended while down
    await seed(storage, HERE, {P2: ["lime"]}, at(2026, 3, 10, 12))
    await seed(storage, AUCKLAND, {P1: ["cat"]}, at(2026, 3, 10, 12))
    clock = StoppedClock(at(2026, 3, 31, 10))  # 23:00 in Auckland
    seasons, told = service(storage, clock)
    scheduler = seasons.scheduler
    seasons.start()
    scheduler.start()
    await scheduler.caught_up()
    assert [(e.guild_id, e.name) for e in told] == [(HERE, "2026-02")]
    assert scheduler.when("season 200") == at(2026, 3, 31, 11)  # Auckland's midnight (+13)
    assert scheduler.when("season 100") == at(2026, 4, 1)
    clock.now = at(2026, 3, 31, 11)
    await scheduler.caught_up()
    assert [(e.guild_id, e.name) for e in told][1:] == [(AUCKLAND, "2026-03")]
    clock.now = at(2026, 4, 1) - 1
    await scheduler.caught_up()
    assert len(told) == 2
    clock.now = at(2026, 4, 1)
    await scheduler.caught_up()
    assert [(e.guild_id, e.name) for e in told][2:] == [(HERE, "2026-03")]
    await scheduler.close()


async def test_a_round_scored_after_midnight_counts_in_the_season_it_ended_in(
    storage: Storage,
) -> None:
    """A round whose time was up at 23:59:59 and whose finish commits after midnight belongs to
    the season that ended: the archive waits for it instead of leaving it out for good."""
    await seed(storage, HERE, {P1: ["cat", "dog"]}, at(2026, 3, 10, 12))
    late = await storage.create_round(
        guild_id=HERE,
        channel_id=HERE * 10 + 9,
        starter_id=1,
        board=Board.parse(BOARD),
        dice="classic",
        mode=Mode.CASUAL,
        min_length=3,
        started_at=at(2026, 4, 1) - 181,
        deadline=at(2026, 4, 1) - 1,
    )
    clock = StoppedClock(at(2026, 3, 31, 23, 59))
    seasons, told = service(storage, clock)
    scheduler = seasons.scheduler
    seasons.plan(HERE)
    scheduler.start()
    await scheduler.caught_up()
    clock.now = at(2026, 4, 1)  # the season's end: the late round is still being scored
    await scheduler.caught_up()
    assert told == []
    assert scheduler.when("season 100") == at(2026, 4, 1) + 1
    words = ["lime", "rent", "dogs"]
    results = tally(dict.fromkeys(words, ()), {P2: words}, Rules(Mode.CASUAL))
    ended = at(2026, 4, 1) - 0.5  # stamped before midnight, committed after
    assert await storage.finish_round(late.id, results, ended, {P2: "P2"})
    clock.now = at(2026, 4, 1) + 1
    await scheduler.caught_up()
    assert [(e.name, [p.user_id for p in e.recap.places]) for e in told] == [
        ("2026-03", [P2, P1])  # 3 words of 4 letters (3 pts) beside cat and dog (2 pts)
    ]
    await scheduler.close()
