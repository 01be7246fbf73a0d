"""The standings' SQL: what finished rounds add up to in a server (leaderboards, ``/stats``),
shown under the names ``bot.storage.names_sql`` keeps.

``StandingsSQL`` is both what callers see of standings and the one SQL every engine runs for
them; the rounds' finish writes the standings in its own transaction (``bot/rounds/sql.py``).
"""

from __future__ import annotations

from typing import Protocol

from bot.standings import statements as sql
from bot.standings.model import (
    CoopRecord,
    LeaderboardEntry,
    LeaderboardPage,
    LeaderboardQuery,
    ModeStats,
    PlayerStats,
    RankedPlayer,
)
from bot.storage.database import Database, Row
from core.round import Mode


class StandingsSQL(Database, Protocol):
    """Leaderboards and statistics in a server."""

    async def leaderboard(self, guild_id: int, limit: int) -> list[LeaderboardEntry]:
        """The guild's best players by total points, read in the order of the
        standings_leaderboard index: no sort."""
        rows = await self._fetch(sql.LEADERBOARD_SQL, guild_id, limit)
        return [LeaderboardEntry(**r) for r in rows]

    async def player_standing(self, guild_id: int, user_id: int) -> LeaderboardEntry | None:
        """One player's entry (rank among the whole guild); None if they never finished a round."""
        rows = await self._fetch(sql.STANDING_SQL, guild_id, user_id)
        return LeaderboardEntry(**rows[0]) if rows else None

    async def leaderboard_page(self, query: LeaderboardQuery) -> LeaderboardPage:
        """The page ``query`` asks for, and its caller's own line."""
        q = query
        since_params = () if q.since is None else (q.since, q.until)
        first = q.page * q.page_size
        rows = await self._fetch(
            sql.leaderboard_sql(q.measure, q.since is not None),
            q.guild_id,
            *since_params,
            q.guild_id,
            first,
            first + q.page_size,
            q.user_id,
        )
        ranked = [_ranked(r) for r in rows]
        on_page = tuple(r for r in ranked if first < r.position <= first + q.page_size)
        own = next((r for r in ranked if r.user_id == q.user_id), None)
        return LeaderboardPage(on_page, own, rows[0]["total"] if rows else 0)

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None:
        """A player's figures in the guild (``/stats``); None if they never finished a round."""
        totals = await self._fetch(sql.STATS_TOTALS_SQL, guild_id, user_id)
        if not totals:
            return None
        t = totals[0]
        best = (await self._fetch(sql.STATS_BEST_ROUND_SQL, guild_id, user_id))[0]
        size = (await self._fetch(sql.STATS_FAVOURITE_SIZE_SQL, guild_id, user_id))[0]["size"]
        modes = await self._fetch(sql.STATS_MODES_SQL, guild_id, user_id)
        return PlayerStats(
            rounds=t["rounds"],
            wins=t["wins"],
            points=t["points"],
            words=t["words"],
            longest_word=t["longest_word"],
            best_points=best["points"],
            best_board=best["board"],
            favourite_size=size,
            share=t["share_sum"] / t["share_rounds"] if t["share_rounds"] else None,
            modes=tuple(ModeStats(**m | {"mode": Mode(m["mode"])}) for m in modes),
            coop=CoopRecord(t["coop_rounds"], t["coop_points"], t["coop_best"] or 0.0)
            if t["coop_rounds"]
            else None,
        )


def _ranked(row: Row) -> RankedPlayer:
    figure = row["figure"]
    return RankedPlayer(
        rank=row["rank"],
        position=row["position"],
        user_id=row["user_id"],
        display_name=row["display_name"],
        figure=figure if isinstance(figure, int) else float(figure),
        word=row["word"],
    )
