"""The achievements' own queries on both engines: a round's end reads the players' totals and
tiers in one statement (the same as the backfill's and the awards' reads, one player at a time),
and awards many tiers a statement at a time, telling only what it inserted, in the order given."""

from __future__ import annotations

from bot.achievements.sql import AWARD_BATCH
from bot.stores import Storage
from core.lexicon import Lexicon
from tests.bot.achievements.test_service import GUILD, play
from tests.stores import StoreTarget

BIG = 2**62  # a Discord id past 32 bits


async def test_one_read_gives_the_totals_and_tiers_of_the_players_asked(
    storage: Storage, lexicon: Lexicon
) -> None:
    await play(storage, lexicon, {1: ("quartz", "elephant"), BIG: ("cat",), 3: ("dogs",)})
    await storage.award(GUILD, [(1, "first_word", 1), (BIG, "wins", 1), (3, "casual", 1)], 5.0)
    await storage.award(GUILD, [(4, "daily_boards", 1)], 5.0)  # tiers, no rounds (the daily)
    await storage.award(GUILD + 1, [(1, "qu_word", 1)], 5.0)  # another server's
    totals, held = await storage.progress_of(GUILD, [1, BIG, 4, 5, 1])
    every = await storage.every_total(GUILD)
    assert set(totals) == {1, BIG}
    for player in (1, BIG):
        for column in ("words", "rounds", "wins", "best", "longest_word"):
            assert totals[player][column] == every[player][column], (player, column)
    assert totals[1]["longest_word"] == "elephant" and totals[1]["words"] == 2
    assert held == await storage.earned_by(GUILD, [1, BIG, 4, 5])
    assert held == {(1, "first_word", 1), (BIG, "wins", 1), (4, "daily_boards", 1)}
    assert await storage.progress_of(GUILD, []) == ({}, set())


async def test_many_tiers_are_awarded_in_batches_each_told_once(
    storage: Storage, store_target: StoreTarget
) -> None:
    wanted = [(player, "words", tier) for player in range(3) for tier in range(AWARD_BATCH)]
    wanted.append((BIG, "first_word", 1))
    held = wanted[::7]
    assert await storage.award(GUILD, held, 1.0) == held
    given = [*reversed(wanted), wanted[0]]  # out of order, and one twice
    new = await storage.award(GUILD, given, 2.0)
    assert new == [a for a in reversed(wanted) if a not in set(held)]
    assert await storage.award(GUILD, given, 3.0) == []
    rows = await store_target.rows(
        "SELECT user_id, code, tier, earned_at FROM achievements ORDER BY user_id, code, tier"
    )
    assert [tuple(r) for r in rows] == sorted((*a, 1.0 if a in set(held) else 2.0) for a in wanted)
