"""The server battles' tie-breaks on both engines, each at its boundary.

Rows are written in the order that favours the other one: reversing or dropping a tie-break in
the SQL fails a test.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from bot.battles.service import BattleService
from bot.daily.model import DailyOpening
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.round import Verdict

MONDAY = date(2026, 5, 11)
TUESDAY = MONDAY + timedelta(days=1)
A, B, C, D = 101, 202, 303, 404


def noon(day: date) -> float:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp()


async def play(
    battles: BattleService,
    storage: Storage,
    guild: int,
    player: int,
    day: date,
    points: int,
    finished: float = 100.0,
) -> None:
    """A fair attempt worth ``points``, finished ``finished`` seconds after noon, counted."""
    opened = await storage.start_daily(
        DailyOpening(
            player_id=player,
            language="en",
            day=day,
            guild_id=guild,
            channel_id=guild,
            board="abcd/efgh/ijkl/mnop",
            max_points=500,
            started_at=noon(day),
        )
    )
    attempt = opened.attempt.id
    assert await storage.add_daily_guesses(
        attempt, [("word", Verdict.ACCEPTED, points)], noon(day) + 30
    )
    await battles.attempt_finished(await storage.finish_daily(attempt, noon(day) + finished))


def service(storage: Storage) -> BattleService:
    return BattleService(storage, ServerSettingsService(storage), lambda: noon(TUESDAY))


async def test_servers_on_equal_points_share_a_place_listed_by_server_id(storage: Storage) -> None:
    battles = service(storage)
    for guild in (D, C, B, A):  # the higher ids first everywhere
        await battles.enter(guild, f"S{guild}", True, None)
    for guild, points in ((D, 30), (C, 40), (B, 40), (A, 50)):
        await play(battles, storage, guild, guild + 1, MONDAY, points)
    table = await storage.battle_week_table("en", MONDAY, 10)
    assert [(r.place, r.guild_id, r.points) for r in table] == [
        (1, A, 50),
        (2, B, 40),
        (2, C, 40),
        (4, D, 30),
    ]
    for guild, place in ((A, 1), (B, 2), (C, 2), (D, 4)):
        week = await storage.battle_week_place(guild, "en", MONDAY)
        day = await storage.battle_day_place(guild, "en", MONDAY)
        assert week is not None and (week.place, week.servers) == (place, 4)
        assert day == week
    # Only two shown: the tie at second goes to the lower id.
    assert [r.guild_id for r in await storage.battle_week_table("en", MONDAY, 2)] == [A, B]


async def test_at_a_days_fifth_place_the_earlier_finisher_then_the_lower_id_counts(
    storage: Storage,
) -> None:
    battles = service(storage)
    await battles.enter(A, "Alpha", True, None)
    # Monday: 6 and 5 tie at fifth on 10; 6 finished first.
    monday = [(1, 50, 100.0), (2, 40, 100.0), (3, 30, 100.0), (4, 20, 100.0)]
    monday += [(5, 10, 150.0), (6, 10, 120.0)]
    # Tuesday: 16 and 15 tie at fifth on 5, finished at the same moment.
    tuesday = [(11, 40, 100.0), (12, 40, 100.0), (13, 40, 100.0), (14, 40, 100.0)]
    tuesday += [(16, 5, 130.0), (15, 5, 130.0)]
    for day, plays in ((MONDAY, monday), (TUESDAY, tuesday)):
        for player, points, finished in plays:
            await play(battles, storage, A, player, day, points, finished)
    contributions = await storage.battle_contributions(A, "en", MONDAY, TUESDAY, 20)
    assert [(c.player_id, c.points, c.days) for c in contributions] == [
        (1, 50, 1),
        (2, 40, 1),  # five on 40: by player id
        (11, 40, 1),
        (12, 40, 1),
        (13, 40, 1),
        (14, 40, 1),
        (3, 30, 1),
        (4, 20, 1),
        (6, 10, 1),  # not 5: 6 finished first
        (15, 5, 1),  # not 16: the same moment, the lower id
    ]
    place = await storage.battle_week_place(A, "en", MONDAY)
    assert place is not None and place.points == (50 + 40 + 30 + 20 + 10) + (4 * 40 + 5)
