"""StandingsStore (and the ServerSettingsStore its settings come through) in memory: the results,
kept names, figures and daily attempts a test puts in, ranked as the SQL ranks them (shared
ranks by figure, lines by figure then player id) for the measures a round's results sum up."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date

from bot.daily.model import DAILY_HISTORY, DailyAttempt
from bot.server_settings.model import ServerSettings
from bot.standings.model import (
    LeaderboardPage,
    LeaderboardQuery,
    Measure,
    PlayerStats,
    RankedPlayer,
)
from bot.world.model import WorldRecord


@dataclass(frozen=True)
class Result:
    """A player's result in a finished round."""

    guild_id: int
    user_id: int
    ended_at: float
    points: int
    won: bool = False
    words: int = 0


AGGREGATES: dict[Measure, tuple[Callable[[Result], float], Callable[[Iterable[float]], float]]] = {
    Measure.POINTS: (lambda r: r.points, sum),
    Measure.WINS: (lambda r: int(r.won), sum),
    Measure.WORDS: (lambda r: r.words, sum),
    Measure.BEST_ROUND: (lambda r: r.points, max),
}


@dataclass
class MemoryStandings:
    results: list[Result] = field(default_factory=list)
    names: dict[tuple[int, int], str] = field(default_factory=dict)  # (guild, user) -> name
    stats: dict[tuple[int, int], PlayerStats] = field(default_factory=dict)
    attempts: Collection[DailyAttempt] = field(default_factory=list)  # a live view will do
    settings: dict[int, ServerSettings] = field(default_factory=dict)
    world: dict[int, WorldRecord] = field(default_factory=dict)  # player -> their world rounds

    async def leaderboard_page(self, query: LeaderboardQuery) -> LeaderboardPage:
        q = query
        if q.measure not in AGGREGATES:
            raise NotImplementedError(f"the in-memory store does not rank by {q.measure}")
        figure_of, combine = AGGREGATES[q.measure]
        counted: dict[int, list[float]] = {}
        for r in self.results:
            if r.guild_id == q.guild_id and (q.since is None or q.since <= r.ended_at < q.until):
                counted.setdefault(r.user_id, []).append(figure_of(r))
        figures = {user: combine(values) for user, values in counted.items()}
        order = sorted(figures, key=lambda user: (-figures[user], user))
        ranked = [
            RankedPlayer(
                rank=1 + sum(1 for f in figures.values() if f > figures[user]),
                position=position,
                user_id=user,
                display_name=self.names.get((q.guild_id, user)),
                figure=figures[user],
            )
            for position, user in enumerate(order, 1)
        ]
        first = q.page * q.page_size
        own = next((r for r in ranked if r.user_id == q.user_id), None)
        return LeaderboardPage(tuple(ranked[first : first + q.page_size]), own, len(ranked))

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        return self.stats.get((guild_id, user_id))

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> dict[int, str]:
        return {u: self.names[guild_id, u] for u in user_ids if (guild_id, u) in self.names}

    async def daily_history(
        self, player_id: int, limit: int = DAILY_HISTORY
    ) -> Sequence[DailyAttempt]:
        finished = [a for a in self.attempts if a.player_id == player_id and a.finished]
        return sorted(finished, key=lambda a: (a.day, a.finished_at, a.id), reverse=True)[:limit]

    async def daily_days(self, player_id: int) -> list[date]:
        mine = [a for a in self.attempts if a.player_id == player_id]
        return sorted({a.date for a in mine if a.finished and not a.flagged})

    async def world_record(self, player_id: int) -> WorldRecord | None:
        return self.world.get(player_id)
