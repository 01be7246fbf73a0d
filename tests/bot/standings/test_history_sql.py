"""The standings' SQL for leaderboards over time and /stats (issue 10), on both engines: the
figures each result keeps, every measure over a period and all time, pages and the caller's line,
a player's statistics, and the upgrade of an older database."""

from __future__ import annotations

import math
import sqlite3
from pathlib import Path

import pytest

from bot.standings.model import LeaderboardPage, LeaderboardQuery, Measure, RankedPlayer
from bot.standings.statements import leaderboard_sql
from bot.stores import Storage
from bot.stores.sqlite import SQLiteStorage
from core.board import Board
from core.round import Mode, Results, Rules, tally
from tests.bot.old_database import add_round, database_at
from tests.stores import StoreTarget

BOARD = "cato/dogs/rent/lime"
# 3-4 letters: 1 point; rental, tangle: 3; catalog: 5. The board's maximum: 17.
WORDS = ["cat", "cats", "dogs", "rental", "lime", "mile", "tangle", "net", "catalog"]
MAX = 17


def results(found: dict[int, list[str]], mode: Mode = Mode.CASUAL) -> Results:
    return tally({w: () for w in WORDS}, found, Rules(mode))


async def play(
    store: Storage,
    found: dict[int, list[str]],
    ended_at: float,
    *,
    mode: Mode = Mode.CASUAL,
    guild_id: int = 1,
    size_board: str = BOARD,
) -> int:
    stored = await store.create_round(
        guild_id=guild_id,
        channel_id=10,
        starter_id=7,
        board=Board.parse(size_board),
        dice="classic",
        mode=mode,
        min_length=3,
        started_at=ended_at - 180,
        deadline=ended_at,
    )
    assert await store.finish_round(stored.id, results(found, mode), ended_at, {})
    return stored.id


async def page(
    store: Storage,
    measure: Measure,
    since: float | None = None,
    number: int = 0,
    caller: int = 0,
    size: int = 10,
) -> LeaderboardPage:
    return await store.leaderboard_page(LeaderboardQuery(1, measure, since, number, caller, size))


def figures(board: LeaderboardPage) -> list[tuple[int, int, float]]:
    return [(r.rank, r.user_id, r.figure) for r in board.rows]


async def test_a_result_keeps_what_history_ranks(
    storage: Storage, store_target: StoreTarget
) -> None:
    # Classic: "cats" is shared, so it scores for nobody and is nobody's longest word.
    found = {1: ["cats", "rental", "net"], 2: ["cats", "tangle", "catalog"], 3: ["lime"]}
    round_id = await play(storage, found, 1000.0, mode=Mode.CLASSIC)
    rows = await store_target.rows(
        "SELECT player_id, points, max_points, longest_word, won FROM round_results"
        " WHERE round_id = ? ORDER BY player_id",
        round_id,
    )
    assert rows == [(1, 4, MAX, "rental", 0), (2, 8, MAX, "catalog", 1), (3, 1, MAX, "lime", 0)]
    await play(storage, {1: ["catalog", "net"]}, 2000.0)  # alone at the board: no win
    kept = await store_target.rows(
        "SELECT user_id, points, rounds, wins, best, longest_word, share_rounds FROM standings"
        " ORDER BY user_id"
    )
    assert kept == [
        (1, 10, 2, 0, 6, "catalog", 2),
        (2, 8, 1, 1, 8, "catalog", 1),
        (3, 1, 1, 0, 1, "lime", 1),
    ]
    share = await store_target.value("SELECT share_sum FROM standings WHERE user_id = 1")
    assert math.isclose(share, 4 / MAX + 6 / MAX)


async def test_ties_for_first_all_win_and_a_round_with_no_points_has_no_winner(
    storage: Storage, store_target: StoreTarget
) -> None:
    await play(storage, {1: ["cat"], 2: ["net"], 3: []}, 1000.0)
    await play(storage, {1: ["cats"], 2: ["cats"]}, 1100.0, mode=Mode.CLASSIC)  # 0 points each
    wins = await store_target.rows("SELECT user_id, wins FROM standings ORDER BY user_id")
    assert wins == [(1, 1), (2, 1)]


async def test_every_measure_over_a_period_and_all_time(storage: Storage) -> None:
    await play(storage, {1: ["catalog"], 2: ["cat", "net", "lime"]}, 1000.0)  # before the period
    await play(storage, {1: ["cat"], 2: ["rental", "net"], 3: ["tangle"]}, 5000.0)
    await play(storage, {2: ["lime"], 3: ["mile", "dogs", "cats"]}, 6000.0)
    since = 4000.0

    assert figures(await page(storage, Measure.POINTS, since)) == [(1, 3, 6), (2, 2, 5), (3, 1, 1)]
    assert figures(await page(storage, Measure.POINTS)) == [(1, 2, 8), (2, 1, 6), (2, 3, 6)]
    before = await storage.leaderboard_page(
        LeaderboardQuery(1, Measure.POINTS, since, 0, 0, 10, until=5500.0)
    )
    assert figures(before) == [(1, 2, 4), (2, 3, 3), (3, 1, 1)]  # the round at 6000 left out
    assert figures(await page(storage, Measure.WINS, since)) == [(1, 2, 1), (1, 3, 1), (3, 1, 0)]
    assert figures(await page(storage, Measure.WINS)) == [(1, 1, 1), (1, 2, 1), (1, 3, 1)]
    assert figures(await page(storage, Measure.WORDS, since)) == [(1, 3, 4), (2, 2, 3), (3, 1, 1)]
    assert figures(await page(storage, Measure.BEST_ROUND, since)) == [
        (1, 2, 4),
        (2, 3, 3),
        (3, 1, 1),
    ]
    assert figures(await page(storage, Measure.BEST_ROUND)) == [(1, 1, 5), (2, 2, 4), (3, 3, 3)]
    longest = await page(storage, Measure.LONGEST_WORD, since)
    assert [(r.rank, r.user_id, r.word) for r in longest.rows] == [
        (1, 2, "rental"),
        (1, 3, "tangle"),
        (3, 1, "cat"),
    ]
    assert (await page(storage, Measure.LONGEST_WORD)).rows[0] == RankedPlayer(
        1, 1, 1, None, 7, "catalog"
    )
    share = await page(storage, Measure.SHARE, since)
    assert [r.user_id for r in share.rows] == [3, 2, 1]
    assert math.isclose(share.rows[1].figure, (4 / MAX + 1 / MAX) / 2)
    assert isinstance(share.rows[0].figure, float)


# The daily measure keeps no standings (tests/bot/daily/test_sql.py checks it), nor
# do tournament wins, which come from finished tournaments, not rounds (tests/bot/tournaments).
ROUND_MEASURES = [m for m in Measure if m not in (Measure.DAILY, Measure.TOURNAMENT_WINS)]


@pytest.mark.parametrize("measure", ROUND_MEASURES)
async def test_all_time_is_the_period_from_the_beginning(
    storage: Storage, measure: Measure
) -> None:
    """The standings kept with each result rank exactly as summing every result would."""
    for n in range(8):
        found = {p: WORDS[(n + p) % 9 : (n + p) % 9 + p % 3 + 1] for p in range(1, n % 5 + 2)}
        await play(storage, found, 1000.0 + n, mode=list(Mode)[n % 3])
    all_time = await page(storage, measure)
    summed = await page(storage, measure, since=0.0)
    assert all_time.total == summed.total > 0
    for kept, added in zip(all_time.rows, summed.rows, strict=True):
        assert (kept.rank, kept.user_id, kept.word) == (added.rank, added.user_id, added.word)
        assert math.isclose(kept.figure, added.figure)


async def test_pages_and_the_callers_own_line(storage: Storage) -> None:
    # 25 players; player p finds p % 9 + 1 words, so several share each figure.
    found = {p: WORDS[: p % 9 + 1] for p in range(1, 26)}
    await play(storage, found, 1000.0)
    await storage.remember_names(1, {8: "Eight"})
    first = await page(storage, Measure.WORDS, caller=8)
    assert first.total == 25 and len(first.rows) == 10
    assert [r.position for r in first.rows] == list(range(1, 11))
    assert first.own == first.rows[0] == RankedPlayer(1, 1, 8, "Eight", 9)
    last = await page(storage, Measure.WORDS, number=2, caller=8)
    assert [r.position for r in last.rows] == list(range(21, 26))
    assert last.own == first.own  # off the page, still there
    # 23 players found 2 words or more; players 9 and 18 found one and share the last rank.
    assert [(r.rank, r.user_id, r.figure) for r in last.rows[-2:]] == [(24, 9, 1), (24, 18, 1)]
    nobody = await page(storage, Measure.WORDS, number=5, caller=99)
    assert (nobody.rows, nobody.own, nobody.total) == ((), None, 25)
    elsewhere = await storage.leaderboard_page(LeaderboardQuery(2, Measure.POINTS, None, 0, 8, 10))
    assert elsewhere == LeaderboardPage((), None, 0)


async def test_a_players_statistics(storage: Storage) -> None:
    assert await storage.player_stats(1, 1) is None
    await play(storage, {1: ["cat", "rental"], 2: ["net"]}, 1000.0)
    big = "catod/ogsre/ntlim/ecato/dogsr"
    await play(storage, {1: ["catalog", "net"]}, 2000.0, mode=Mode.RACE, size_board=big)
    await play(storage, {1: ["lime"], 2: ["mile", "dogs"]}, 3000.0, mode=Mode.RACE, size_board=big)
    for n in range(11):  # the latest ten race rounds: 1 point of 17 each
        await play(storage, {1: ["net"]}, 4000.0 + n, mode=Mode.RACE, size_board=big)
    stats = await storage.player_stats(1, 1)
    assert stats is not None
    assert (stats.rounds, stats.wins, stats.points, stats.words) == (14, 1, 22, 16)
    assert (stats.longest_word, stats.best_points, stats.favourite_size) == ("catalog", 6, 5)
    assert stats.best_board == Board.parse(big).text()
    assert stats.share is not None and math.isclose(stats.share, 22 / (14 * MAX))
    race, casual = stats.modes
    assert (race.mode, race.rounds, race.wins, race.points) == (Mode.RACE, 13, 0, 18)
    assert race.recent_share is not None and math.isclose(race.recent_share, 1 / MAX)
    assert race.share is not None and math.isclose(race.share, 18 / (13 * MAX))
    assert (casual.mode, casual.rounds, casual.wins, casual.points) == (Mode.CASUAL, 1, 1, 4)


async def test_an_upgrade_fills_the_figures_of_older_results(tmp_path: Path) -> None:
    path = tmp_path / "boggle.db"
    database_at(path, 3)
    first = add_round(path, 1, 1000.0, 1180.0, ended_at=1180.0, points={5: 3, 6: 1})
    add_round(path, 2, 2000.0, 2180.0, ended_at=2180.0, points={5: 2})
    with sqlite3.connect(path) as conn:
        conn.executemany(
            "INSERT INTO found_words (round_id, player_id, word, at) VALUES (?, ?, ?, 0)",
            [(first, 5, "rent"), (first, 5, "tangle"), (first, 5, "rental"), (first, 6, "net")],
        )
        conn.execute("UPDATE round_results SET rank = 2 WHERE player_id = 6")
        conn.execute(  # as the bot of migration 0003 wrote them
            "UPDATE round_results SET ended_at ="
            " (SELECT ended_at FROM rounds WHERE rounds.id = round_results.round_id)"
        )
        conn.execute(
            "INSERT INTO standings (guild_id, user_id, points, rounds, words)"
            " VALUES (1, 5, 5, 2, 2), (1, 6, 1, 1, 1)"
        )
    store = await Storage.open(path)
    try:
        board = await store.leaderboard_page(
            LeaderboardQuery(1, Measure.LONGEST_WORD, None, 0, 6, 10)
        )
        assert [(r.user_id, r.word) for r in board.rows] == [(5, "rental"), (6, "net")]
        wins = await store.leaderboard_page(LeaderboardQuery(1, Measure.WINS, 0.0, 0, 6, 10))
        assert [(r.user_id, r.figure) for r in wins.rows] == [(5, 1), (6, 0)]  # one round of two
        assert (
            await store.leaderboard_page(LeaderboardQuery(1, Measure.BEST_ROUND, None, 0, 6, 10))
        ).rows[0].figure == 3
        # The maximum was not kept before: no share to rank, rather than a wrong one.
        assert await store.leaderboard_page(
            LeaderboardQuery(1, Measure.SHARE, None, 0, 6, 10)
        ) == LeaderboardPage((), None, 0)
    finally:
        await store.close()


async def test_a_period_is_read_from_its_covering_index(tmp_path: Path) -> None:
    store = await SQLiteStorage.open(tmp_path / "boggle.db")
    try:
        for measure in Measure:
            query = leaderboard_sql(measure, over_period=True)
            plan = await store._db.execute_fetchall(
                "EXPLAIN QUERY PLAN " + query, (1, 0.0, 1e12, 1, 0, 10, 1)
            )
            details = [row[3] for row in plan]
            table, index, covering = {
                Measure.DAILY: ("daily_attempts", "daily_attempts_by_period", "COVERING "),
                Measure.TOURNAMENT_WINS: ("tournament_places", "tournament_places_by_player", ""),
            }.get(measure, ("round_results", "round_results_by_period", "COVERING "))
            assert any(f"SEARCH {table} USING {covering}INDEX {index}" in d for d in details), (
                measure,
                details,
            )
            assert not any(d.startswith(f"SCAN {table}") for d in details), details
    finally:
        await store.close()
