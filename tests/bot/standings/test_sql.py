"""The standings' SQL (``bot/standings/sql.py``) for the all-time leaderboard, on both engines:
ties ranked together, one board a server, read from its index."""

from __future__ import annotations

from bot.standings.model import LeaderboardEntry
from bot.standings.statements import LEADERBOARD_SQL
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from tests.bot.rounds.stored import new_round, plan, results_for


async def test_leaderboard_ranks_ties_together(storage: Storage) -> None:
    scores = {1: ["cats", "dogs"], 2: ["rent", "lime"], 3: ["cat"], 4: ["mile", "act", "ten"]}
    stored = await new_round(storage)
    await storage.finish_round(stored.id, results_for(scores), 1200.0, {1: "Ann", 2: "Bob"})
    second = await new_round(storage)
    await storage.finish_round(second.id, results_for({3: ["dog"], 5: ["net"]}), 1300.0, {})
    await storage.remember_names(1, {3: "Cy", 4: "Di"})

    board = await storage.leaderboard(1, limit=10)
    # 3 and 4 letter words score 1: player 4 has 3 points, players 1, 2 and 3 have 2 each
    assert [(e.rank, e.user_id, e.points) for e in board] == [
        (1, 4, 3),
        (2, 1, 2),
        (2, 2, 2),
        (2, 3, 2),
        (5, 5, 1),
    ]
    assert board[3] == LeaderboardEntry(2, 3, "Cy", 2, 2, 2)
    assert board[4].display_name is None
    assert await storage.leaderboard(1, limit=2) == board[:2]
    assert await storage.player_standing(1, 3) == board[3]
    assert await storage.player_standing(1, 5) == board[4]
    assert await storage.player_standing(1, 99) is None


async def test_leaderboards_are_per_guild(storage: Storage) -> None:
    here = await new_round(storage, guild_id=1, channel_id=10)
    there = await new_round(storage, guild_id=2, channel_id=20)
    await storage.finish_round(here.id, results_for({1: ["cats"]}), 1.0, {1: "Ann"})
    await storage.finish_round(there.id, results_for({1: ["cat"], 2: ["dogs"]}), 1.0, {1: "Annie"})
    assert await storage.leaderboard(1, limit=10) == [LeaderboardEntry(1, 1, "Ann", 1, 1, 1)]
    assert [
        (e.rank, e.user_id, e.display_name) for e in await storage.leaderboard(2, limit=10)
    ] == [
        (1, 1, "Annie"),
        (1, 2, None),
    ]
    assert await storage.player_standing(1, 2) is None
    assert await storage.leaderboard(3, limit=10) == []


async def test_leaderboard_reads_its_index(sqlite_storage: SQLiteStorage) -> None:
    details = await plan(sqlite_storage, LEADERBOARD_SQL, 1, 10)
    assert any("USING INDEX standings_leaderboard" in d for d in details), details
    assert not any(d.startswith("SCAN") for d in details), details
    assert not any("TEMP B-TREE" in d for d in details), details
    assert not any("round_results" in d for d in details), details
