"""The achievements' own queries on both engines: many tiers awarded a statement at a time,
telling only what it inserted, in the order given."""

from __future__ import annotations

from bot.achievements.sql import AWARD_BATCH
from bot.stores import Storage
from tests.bot.achievements.test_service import GUILD
from tests.stores import StoreTarget

BIG = 2**62  # a Discord id past 32 bits


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
