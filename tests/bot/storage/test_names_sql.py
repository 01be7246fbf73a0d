"""Players' names (``bot/storage/names_sql.py``), on both engines."""

from __future__ import annotations

from bot.stores import Storage
from tests.stores import StoreTarget


async def test_names_are_updated(storage: Storage, store_target: StoreTarget) -> None:
    await storage.remember_names(1, {5: "Old"}, now=1.0)
    await storage.remember_names(1, {5: "New", 6: "Six"}, now=2.0)
    await storage.remember_names(2, {5: "Elsewhere"}, now=2.0)
    rows = await store_target.rows("SELECT * FROM players ORDER BY guild_id, user_id")
    assert rows == [(1, 5, "New", 2.0), (1, 6, "Six", 2.0), (2, 5, "Elsewhere", 2.0)]
