"""``BattleStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL and on
the tests' in-memory store, for the servers' entries, their days and weeks worked out from the
daily attempts played (a server's best five, fair ones only), the tables, places, contributions
and past weeks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest

from bot.battles.model import BattleEntry, BattleRow, Contribution, PastWeek
from bot.battles.store import BattleStore
from bot.daily.store import DailyStore
from core.battles import BattlePlace, week_start
from tests.bot.battles.memory_store import MemoryBattleStore
from tests.bot.daily.attempts import play
from tests.bot.daily.memory_store import MemoryDailyStore
from tests.stores import STORES, engine_storage

MONDAY = date(2026, 3, 16)
A, B, C, D = 101, 202, 303, 404  # C never takes part


@dataclass
class Battles:
    store: BattleStore
    daily: DailyStore  # where the attempts are played and the names kept

    async def played(self, guild: int, day: date, points: dict[int, int]) -> None:
        """Each player's attempt on ``day``, finished with those points; the day worked out."""
        for player, worth in points.items():
            await play(self.daily, player, worth, day, guild=guild)
        await self.store.refresh_battle_day(guild, "en", day, week_start(day))


@pytest.fixture(params=STORES)
async def battles(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Battles]:
    if request.param == "memory":
        daily = MemoryDailyStore()
        yield Battles(MemoryBattleStore(daily.attempts.values(), daily.names), daily)
        return
    async with engine_storage(request.param, tmp_path) as storage:
        yield Battles(storage, storage)


async def test_an_entry_and_the_servers_own_name_while_it_takes_part(battles: Battles) -> None:
    store = battles.store
    assert await store.battle_entry(A) == BattleEntry(False, None, None)
    await store.set_battle_entry(A, BattleEntry(True, "The As", "Alpha"))
    await store.set_battle_entry(C, BattleEntry(False, None, "Gamma"))
    await store.remember_guild_name(A, "Alpha Two")
    await store.remember_guild_name(C, "Gamma Two")  # not taking part: kept as it was
    assert await store.battle_entry(A) == BattleEntry(True, "The As", "Alpha Two")
    assert await store.battle_entry(C) == BattleEntry(False, None, "Gamma")


async def a_week(battles: Battles) -> None:
    """A: seven players on Monday (the best five count, a flagged 20 never), one on Tuesday,
    six tied on Wednesday; B and D tie on 26; C has the most but does not take part; last
    week, B beat A."""
    store = battles.store
    await store.set_battle_entry(A, BattleEntry(True, None, "Alpha"))
    await store.set_battle_entry(B, BattleEntry(True, "Betas", "Beta"))
    await store.set_battle_entry(D, BattleEntry(True, None, None))
    await battles.played(A, MONDAY, {1: 5, 2: 9, 3: 3, 4: 7, 5: 1, 6: 8})
    await play(battles.daily, 7, 20, MONDAY, guild=A, flagged=True)
    await battles.played(A, MONDAY, {})
    await battles.played(A, MONDAY + timedelta(days=1), {8: 6})
    await battles.played(A, MONDAY + timedelta(days=2), {p: 2 for p in range(1, 7)})
    await battles.played(B, MONDAY, {20: 10, 21: 4})
    await battles.played(B, MONDAY + timedelta(days=1), {22: 12})
    await battles.played(C, MONDAY, {30: 90})
    await battles.played(D, MONDAY, {40: 26})
    last_week = MONDAY - timedelta(days=2)
    await battles.played(A, last_week, {1: 4})
    await battles.played(B, last_week, {20: 6})
    await battles.daily.remember_names(A, {2: "Bea"})


async def test_the_week_table_lists_those_taking_part_ties_sharing_a_place(
    battles: Battles,
) -> None:
    await a_week(battles)
    store = battles.store
    # A: (9 + 8 + 7 + 5 + 3) + 6 + (2 * 5) = 48.
    assert await store.battle_week_table("en", MONDAY, 10) == [
        BattleRow(1, A, "Alpha", 48),
        BattleRow(2, B, "Betas", 26),
        BattleRow(2, D, "", 26),
    ]
    assert await store.battle_week_table("en", MONDAY, 2) == [
        BattleRow(1, A, "Alpha", 48),
        BattleRow(2, B, "Betas", 26),
    ]
    assert await store.battle_week_table("fr", MONDAY, 10) == []
    assert await store.battle_week_table("en", MONDAY - timedelta(days=7), 10) == [
        BattleRow(1, B, "Betas", 6),
        BattleRow(2, A, "Alpha", 4),
    ]


async def test_places_count_the_servers_taking_part_with_points(battles: Battles) -> None:
    await a_week(battles)
    store = battles.store
    assert await store.battle_week_place(D, "en", MONDAY) == BattlePlace(2, 26, 3)
    # C is placed among those taking part (its own week is kept), though never listed.
    assert await store.battle_week_place(C, "en", MONDAY) == BattlePlace(1, 90, 3)
    assert await store.battle_week_place(A, "en", MONDAY + timedelta(days=7)) is None
    assert await store.battle_day_place(B, "en", MONDAY) == BattlePlace(3, 14, 3)
    assert await store.battle_day_place(A, "en", MONDAY + timedelta(days=1)) == BattlePlace(2, 6, 2)
    assert await store.battle_day_place(D, "en", MONDAY + timedelta(days=1)) is None


async def test_contributions_are_the_days_among_the_best_five(battles: Battles) -> None:
    await a_week(battles)
    sunday = MONDAY + timedelta(days=6)
    # Wednesday's six tied on 2: the five with the lowest ids count (all finished together).
    assert await battles.store.battle_contributions(A, "en", MONDAY, sunday, 5) == [
        Contribution(2, "Bea", 11, 2),
        Contribution(4, None, 9, 2),
        Contribution(6, None, 8, 1),
        Contribution(1, None, 7, 2),
        Contribution(8, None, 6, 1),
    ]
    tuesday = MONDAY + timedelta(days=1)
    assert await battles.store.battle_contributions(A, "en", tuesday, tuesday, 5) == [
        Contribution(8, None, 6, 1)
    ]


async def test_history_is_the_weeks_before_with_their_places(battles: Battles) -> None:
    await a_week(battles)
    store = battles.store
    last = MONDAY - timedelta(days=7)
    assert await store.battle_history(A, "en", MONDAY, 6) == [PastWeek(last, 4, 2)]
    assert await store.battle_history(B, "en", MONDAY + timedelta(days=7), 6) == [
        PastWeek(MONDAY, 26, 2),
        PastWeek(last, 6, 1),
    ]
    assert await store.battle_history(B, "en", MONDAY + timedelta(days=7), 1) == [
        PastWeek(MONDAY, 26, 2)
    ]
    assert await store.battle_history(A, "en", last, 6) == []
