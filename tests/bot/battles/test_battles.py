"""Server battles over both engines: the week's table exact to the point against a sum worked
out here from the stored attempts, servers that did not opt in never listed, flagged attempts
left out, fewer than five players, places, contributions, history, and two storages finishing
the same server's attempts at once leaving the sums whole."""

from __future__ import annotations

import asyncio
from collections import defaultdict
from datetime import UTC, date, datetime, timedelta

from bot.battles.model import BattleEntry
from bot.battles.service import BattleService
from bot.daily.model import DailyAttempt, DailyOpening
from bot.kernel.refusal import Refusal
from bot.server_settings.service import ServerSettingsService
from bot.stores import Storage
from core.round import Verdict
from tests.stores import StoreTarget

MONDAY = date(2026, 5, 11)
A, B, C = 101, 202, 303  # C never opts in


def noon(day: date) -> float:
    return datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp()


async def play(
    storage: Storage, guild: int, player: int, day: date, points: int, *, flagged: bool = False
) -> DailyAttempt:
    """A finished attempt worth ``points`` (flagged: its words came faster than anyone types)."""
    started = noon(day) + player
    opened = await storage.start_daily(
        DailyOpening(
            player_id=player,
            language="en",
            day=day,
            guild_id=guild,
            channel_id=guild,
            board="abcd/efgh/ijkl/mnop",
            max_points=500,
            started_at=started,
        )
    )
    attempt = opened.attempt.id
    if flagged:
        words = [(f"{'x' * 9}{n}", Verdict.ACCEPTED, points if n == 0 else 0) for n in range(6)]
        assert await storage.add_daily_guesses(attempt, words, started + 1)
    else:
        assert await storage.add_daily_guesses(
            attempt, [("word", Verdict.ACCEPTED, points)], started + 60
        )
    finished = await storage.finish_daily(attempt, started + 180)
    assert finished.flagged is flagged
    return finished


async def expected_week(target: StoreTarget, monday: date) -> dict[int, int]:
    """Each server's week worked out here from the stored rows: per day, its best five fair
    attempts' points added up (the score is that over five)."""
    rows = await target.rows(
        "SELECT guild_id, day, points FROM daily_attempts"
        " WHERE finished_at IS NOT NULL AND flagged = 0 AND day >= ? AND day <= ?",
        monday.isoformat(),
        (monday + timedelta(days=6)).isoformat(),
    )
    days: dict[tuple[int, str], list[int]] = defaultdict(list)
    for guild, day, points in rows:
        days[(guild, day)].append(points)
    week: dict[int, int] = defaultdict(int)
    for (guild, _), points in days.items():
        week[guild] += sum(sorted(points, reverse=True)[:5])
    return dict(week)


async def test_the_week_table_is_exact_and_lists_only_servers_that_opted_in(
    storage: Storage, store_target: StoreTarget
) -> None:
    now = noon(MONDAY + timedelta(days=3))
    battles = BattleService(storage, ServerSettingsService(storage), lambda: now)
    assert not isinstance(await battles.enter(A, "Alpha", True, None), Refusal)
    assert not isinstance(await battles.enter(B, "Beta", True, "The Betas"), Refusal)
    assert isinstance(await battles.enter(B, "Beta", None, "   "), Refusal)
    plays = [
        # A: seven players on Monday (the best five count), two on Tuesday, a flagged 400.
        *[
            (A, p, MONDAY, pts)
            for p, pts in zip(range(1, 8), (30, 7, 12, 50, 3, 21, 44), strict=True)
        ],
        (A, 8, MONDAY + timedelta(days=1), 13),
        (A, 9, MONDAY + timedelta(days=1), 9),
        # B: three players only (the missing two count as zero).
        (B, 20, MONDAY, 60),
        (B, 21, MONDAY, 41),
        (B, 22, MONDAY + timedelta(days=2), 33),
        # C: the most points of all, but it never opted in.
        *[(C, p, MONDAY, 90) for p in range(30, 36)],
        # Last week: B won it.
        (B, 20, MONDAY - timedelta(days=3), 25),
        (A, 1, MONDAY - timedelta(days=3), 10),
    ]
    for guild, player, day, points in plays:
        await battles.attempt_finished(await play(storage, guild, player, day, points))
    await battles.attempt_finished(await play(storage, A, 10, MONDAY, 400, flagged=True))
    await storage.remember_names(A, {4: "Dana", 7: "Gus"})

    expected = await expected_week(store_target, MONDAY)
    assert expected[A] == (50 + 44 + 30 + 21 + 12) + (13 + 9) == 179
    assert expected[B] == 60 + 41 + 33 == 134

    week = await battles.week(A, "Alpha", None)
    assert [(r.place, r.guild_id, r.name, r.points) for r in week.table] == [
        (1, A, "Alpha", expected[A]),
        (2, B, "The Betas", expected[B]),
    ]
    assert week.week == MONDAY and week.place is not None
    assert (week.place.place, week.place.points, week.place.servers) == (1, 179, 2)
    assert [(c.player_id, c.name, c.points, c.days) for c in week.contributions] == [
        (4, "Dana", 50, 1),
        (7, "Gus", 44, 1),
        (1, None, 30, 1),
        (6, None, 21, 1),
        (8, None, 13, 1),
    ]
    assert [(r.guild_id, r.points) for r in week.winners] == [(B, 25), (A, 10)]
    assert [(h.week, h.points, h.place) for h in week.history] == [
        (MONDAY - timedelta(days=7), 10, 2)
    ]
    placed = await battles.day_place(B, "en", MONDAY)
    assert placed is not None and (placed.place, placed.points, placed.servers) == (2, 101, 2)
    assert await battles.day_place(C, "en", MONDAY) is None  # not taking part: no place

    # C opts in: its week (kept all along) is listed at once; B leaves and is gone.
    await battles.enter(C, "Gamma", True, None)
    await battles.enter(B, "Beta", False, None)
    table = (await battles.week(B, "Beta", None)).table
    assert [(r.guild_id, r.points) for r in table] == [(C, 450), (A, 179)]
    assert (await storage.battle_entry(B)) == BattleEntry(False, "The Betas", "Beta")


async def test_two_storages_finishing_one_servers_attempts_at_once_keep_the_sums_whole(
    storage: Storage, store_target: StoreTarget
) -> None:
    other = await store_target.open()
    try:
        clock = lambda: noon(MONDAY)  # noqa: E731
        first = BattleService(storage, ServerSettingsService(storage), clock)
        second = BattleService(other, ServerSettingsService(other), clock)
        await first.enter(A, "Alpha", True, None)
        attempts = [
            await play(storage, A, p, MONDAY + timedelta(days=p % 2), p) for p in range(1, 13)
        ]
        await asyncio.gather(
            *[(first if n % 2 else second).attempt_finished(a) for n, a in enumerate(attempts)]
        )
        place = await storage.battle_week_place(A, "en", MONDAY)
        assert place is not None
        assert (
            place.points
            == (await expected_week(store_target, MONDAY))[A]
            == ((12 + 10 + 8 + 6 + 4) + (11 + 9 + 7 + 5 + 3))
        )
    finally:
        await other.close()
