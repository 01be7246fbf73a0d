"""``StandingsStore`` held to its one Protocol: the same assertions on SQLite, on PostgreSQL and
on the tests' in-memory store (what the service's unit tests run on), for the measures a round's
results sum up, the kept names and a player's daily attempts."""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Protocol

import pytest

from bot.daily.store import DailyStore
from bot.standings.model import LeaderboardPage, LeaderboardQuery, Measure
from bot.standings.service import StandingsStore
from core.history import won
from tests.bot.daily.attempts import DAY, play, start
from tests.bot.daily.memory_store import MemoryDailyStore
from tests.bot.rounds.stored import new_round, results_for
from tests.bot.standings.memory_store import MemoryStandings, Result
from tests.stores import STORES, engine_storage

GUILD = 1


class Finish(Protocol):
    """A round of ``guild`` that ended at ``ended_at``, each player having found ``found``."""

    async def __call__(
        self, guild: int, ended_at: float, found: dict[int, list[str]], names: Mapping[int, str]
    ) -> None: ...


@dataclass
class Standings:
    store: StandingsStore
    finish: Finish
    daily: DailyStore  # where a player's daily attempts are played


@pytest.fixture(params=STORES)
async def standings(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Standings]:
    if request.param == "memory":
        memory = MemoryStandings()
        daily = MemoryDailyStore()
        memory.attempts = daily.attempts.values()  # what the daily tests play, as they play it

        async def finish_in_memory(
            guild: int, ended_at: float, found: dict[int, list[str]], names: Mapping[int, str]
        ) -> None:
            results = results_for(found)
            memory.results += [
                Result(guild, p.player, ended_at, p.points, won(results, p), len(p.words))
                for p in results.players
            ]
            memory.names |= {(guild, user): name for user, name in names.items()}

        yield Standings(memory, finish_in_memory, daily)
        return
    async with engine_storage(request.param, tmp_path) as storage:

        async def finish_stored(
            guild: int, ended_at: float, found: dict[int, list[str]], names: Mapping[int, str]
        ) -> None:
            running = await new_round(
                storage, guild * 10, guild, started_at=ended_at - 180, deadline=ended_at
            )
            await storage.finish_round(running.id, results_for(found), ended_at, names)

        yield Standings(storage, finish_stored, storage)


def lines(board: LeaderboardPage) -> list[tuple[int, int, int, float]]:
    return [(r.rank, r.position, r.user_id, r.figure) for r in board.rows]


async def two_rounds_and_one_elsewhere(standings: Standings) -> None:
    """Three-letter and four-letter words score 1 (casual rules: none cancelled)."""
    finish = standings.finish
    await finish(GUILD, 1200.0, {1: ["cats", "dogs"], 2: ["rent"], 3: ["cat"]}, {1: "Ann"})
    await finish(GUILD, 2200.0, {2: ["lime", "mile"], 3: ["ten"], 4: ["net"]}, {2: "Bob"})
    await finish(GUILD + 1, 1500.0, {1: ["cat", "dog", "act"]}, {1: "Annie"})


async def test_points_rank_ties_together_a_page_at_a_time(standings: Standings) -> None:
    await two_rounds_and_one_elsewhere(standings)
    store = standings.store
    board = await store.leaderboard_page(LeaderboardQuery(GUILD, Measure.POINTS, None, 0, 4, 2))
    assert lines(board) == [(1, 1, 2, 3), (2, 2, 1, 2)]
    assert board.total == 4 and board.own is not None and board.own.position == 4  # off the page
    assert [r.display_name for r in board.rows] == ["Bob", "Ann"]
    rest = await store.leaderboard_page(LeaderboardQuery(GUILD, Measure.POINTS, None, 1, 4, 2))
    assert lines(rest) == [(2, 3, 3, 2), (4, 4, 4, 1)]
    assert rest.own is not None and (rest.own.position, rest.own.display_name) == (4, None)
    elsewhere = await store.leaderboard_page(
        LeaderboardQuery(GUILD + 1, Measure.POINTS, None, 0, 1, 10)
    )
    assert lines(elsewhere) == [(1, 1, 1, 3)] and elsewhere.own == elsewhere.rows[0]
    nobody = await store.leaderboard_page(
        LeaderboardQuery(GUILD + 2, Measure.POINTS, None, 0, 1, 10)
    )
    assert nobody == LeaderboardPage((), None, 0)


async def test_a_period_counts_the_rounds_that_ended_within_it(standings: Standings) -> None:
    await two_rounds_and_one_elsewhere(standings)
    store = standings.store
    first = LeaderboardQuery(GUILD, Measure.POINTS, 1000.0, 0, 1, 10, until=2000.0)
    assert lines(await store.leaderboard_page(first)) == [(1, 1, 1, 2), (2, 2, 2, 1), (2, 3, 3, 1)]
    second = LeaderboardQuery(GUILD, Measure.POINTS, 2000.0, 0, 1, 10)
    assert lines(await store.leaderboard_page(second)) == [(1, 1, 2, 2), (2, 2, 3, 1), (2, 3, 4, 1)]


@pytest.mark.parametrize(
    ("measure", "expected"),
    [
        (Measure.WINS, [(1, 1, 1, 1), (1, 2, 2, 1), (3, 3, 3, 0), (3, 4, 4, 0)]),
        (Measure.WORDS, [(2, 2, 1, 2), (1, 1, 2, 3), (2, 3, 3, 2), (4, 4, 4, 1)]),
        (Measure.BEST_ROUND, [(1, 1, 1, 2), (1, 2, 2, 2), (3, 3, 3, 1), (3, 4, 4, 1)]),
    ],
)
async def test_the_measures_a_rounds_results_sum_up(
    standings: Standings, measure: Measure, expected: list[tuple[int, int, int, float]]
) -> None:
    await two_rounds_and_one_elsewhere(standings)
    board = await standings.store.leaderboard_page(LeaderboardQuery(GUILD, measure, None, 0, 3, 10))
    assert sorted(lines(board), key=lambda line: line[2]) == sorted(
        expected, key=lambda line: line[2]
    )


async def test_kept_names_and_a_stranger(standings: Standings) -> None:
    await two_rounds_and_one_elsewhere(standings)
    store = standings.store
    assert await store.display_names(GUILD, [1, 2, 3, 99]) == {1: "Ann", 2: "Bob"}
    assert await store.display_names(GUILD + 1, [1]) == {1: "Annie"}
    assert await store.player_stats(GUILD, 99) is None


async def test_a_players_daily_history_and_streak_days(standings: Standings) -> None:
    daily = standings.daily
    for back in range(12):
        await play(daily, 1, back % 4, day=DAY + timedelta(days=back))
    await play(daily, 1, 30, day=DAY + timedelta(days=12), flagged=True)
    await start(daily, player=1, day=DAY + timedelta(days=13))  # still playing
    store = standings.store
    history = await store.daily_history(1)
    assert len(history) == 10 and history[0].flagged and history[0].day == "2026-03-26"
    assert [h.points for h in history[1:]] == [3, 2, 1, 0, 3, 2, 1, 0, 3]
    assert [h.day for h in await store.daily_history(1, limit=2)] == ["2026-03-26", "2026-03-25"]
    assert list(await store.daily_days(1)) == [DAY + timedelta(days=n) for n in range(12)]
    assert await store.daily_history(2) == []
