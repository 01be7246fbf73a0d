"""The server battles' SQL (issue 26): which servers take part and under what name, each
server's days and weeks in each language, and the tables read from them.

``battle_days`` and ``battle_weeks`` are the one table of the whole bot, kept in the database so
every process and shard reads the same: a day is refreshed by SQL from the server's fair daily
attempts (its best five's points added up, ``core.battles.BEST``) whenever one of them finishes,
and its week added up again from its days, one writer at a time per server and week (the week's
row is locked first), so two processes finishing attempts together leave the sums whole. Only
servers that opted in are listed; the rows of the others are kept, so opting in shows the week.
"""

from __future__ import annotations

from datetime import date
from typing import Protocol

from bot.battles.model import BattleEntry, BattleRow, Contribution, PastWeek
from bot.storage.database import Database
from core.battles import BEST, BattlePlace

_FAIR = "finished_at IS NOT NULL AND flagged = 0"
_DAY = f"guild_id = ? AND language = ? AND day = ? AND {_FAIR}"
_IN = "JOIN server_settings AS s ON s.guild_id = w.guild_id AND s.battles = 1"

ENTRY_SQL = "SELECT battles, battle_name, guild_name FROM server_settings WHERE guild_id = ?"
SET_ENTRY_SQL = (
    "INSERT INTO server_settings (guild_id, battles, battle_name, guild_name) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id) DO UPDATE SET battles = excluded.battles,"
    " battle_name = excluded.battle_name, guild_name = excluded.guild_name"
)
GUILD_NAME_SQL = (
    "UPDATE server_settings SET guild_name = ? WHERE guild_id = ? AND battles = 1"
    " AND (guild_name IS NULL OR guild_name <> ?)"
)
# The week's row first: whoever holds it refreshes that server's week, the others wait, then
# read what it committed (each statement reads afresh).
LOCK_WEEK_SQL = (
    "INSERT INTO battle_weeks (guild_id, language, week, points) VALUES (?, ?, ?, 0)"
    " ON CONFLICT (guild_id, language, week) DO UPDATE SET points = battle_weeks.points"
)
REFRESH_DAY_SQL = f"""
INSERT INTO battle_days (guild_id, language, day, week, points, players) VALUES (?, ?, ?, ?,
    (SELECT COALESCE(SUM(points), 0) FROM
        (SELECT points FROM daily_attempts WHERE {_DAY} ORDER BY points DESC LIMIT {BEST}) AS b),
    (SELECT COUNT(*) FROM daily_attempts WHERE {_DAY}))
ON CONFLICT (guild_id, language, day) DO UPDATE SET points = excluded.points,
    players = excluded.players
"""
REFRESH_WEEK_SQL = """
UPDATE battle_weeks SET points = (SELECT COALESCE(SUM(d.points), 0) FROM battle_days AS d
    WHERE d.guild_id = battle_weeks.guild_id AND d.language = battle_weeks.language
      AND d.week = battle_weeks.week)
WHERE guild_id = ? AND language = ? AND week = ?
"""
WEEK_TABLE_SQL = f"""
SELECT w.guild_id, COALESCE(s.battle_name, s.guild_name, '') AS name, w.points
FROM battle_weeks AS w {_IN}
WHERE w.language = ? AND w.week = ? AND w.points > 0
ORDER BY w.points DESC, w.guild_id LIMIT ?
"""
WEEK_POINTS_SQL = (
    "SELECT points FROM battle_weeks WHERE guild_id = ? AND language = ? AND week = ?"
    " AND points > 0"
)
WEEK_AHEAD_SQL = (
    f"SELECT COUNT(*) AS n FROM battle_weeks AS w {_IN} WHERE w.language = ? AND w.week = ?"
    " AND w.points > ?"
)
DAY_POINTS_SQL = (
    "SELECT points FROM battle_days WHERE guild_id = ? AND language = ? AND day = ? AND points > 0"
)
DAY_AHEAD_SQL = (
    f"SELECT COUNT(*) AS n FROM battle_days AS w {_IN} WHERE w.language = ? AND w.day = ?"
    " AND w.points > ?"
)
# The players' days among the server's best five, added up (ties at fifth: either counts the
# same points).
CONTRIBUTIONS_SQL = f"""
SELECT player_id, MAX(name) AS name, SUM(points) AS points, COUNT(*) AS days FROM (
    SELECT a.player_id, p.display_name AS name, a.points, ROW_NUMBER() OVER
        (PARTITION BY a.day ORDER BY a.points DESC, a.finished_at, a.player_id) AS place
    FROM daily_attempts AS a
    LEFT JOIN players AS p ON p.guild_id = a.guild_id AND p.user_id = a.player_id
    WHERE a.guild_id = ? AND a.language = ? AND a.day >= ? AND a.day <= ?
      AND a.finished_at IS NOT NULL AND a.flagged = 0
) AS ranked WHERE place <= {BEST}
GROUP BY player_id ORDER BY SUM(points) DESC, player_id LIMIT ?
"""
HISTORY_SQL = f"""
SELECT week, points, 1 + (SELECT COUNT(*) FROM battle_weeks AS w {_IN}
    WHERE w.language = h.language AND w.week = h.week AND w.points > h.points) AS place
FROM battle_weeks AS h
WHERE h.guild_id = ? AND h.language = ? AND h.week < ? AND h.points > 0
ORDER BY week DESC LIMIT ?
"""


class BattleSQL(Database, Protocol):
    """Servers' entries in battles, their days and weeks, and the tables: ``BattleStore`` on
    ``Database`` (mypy holds it to the Protocol wherever a storage is given as one)."""

    async def battle_entry(self, guild_id: int) -> BattleEntry:
        rows = await self._fetch(ENTRY_SQL, guild_id)
        if not rows:
            return BattleEntry(False, None, None)
        row = rows[0]
        return BattleEntry(bool(row["battles"]), row["battle_name"], row["guild_name"])

    async def set_battle_entry(self, guild_id: int, entry: BattleEntry) -> None:
        async with self._write() as session:
            await session.execute(
                SET_ENTRY_SQL, guild_id, int(entry.joined), entry.name, entry.guild_name
            )

    async def remember_guild_name(self, guild_id: int, name: str) -> None:
        async with self._write() as session:
            await session.execute(GUILD_NAME_SQL, name, guild_id, name)

    async def refresh_battle_day(self, guild_id: int, language: str, day: date, week: date) -> None:
        days, weeks = (guild_id, language, day.isoformat()), (guild_id, language, week.isoformat())
        async with self._write() as session:
            await session.execute(LOCK_WEEK_SQL, *weeks)
            await session.execute(REFRESH_DAY_SQL, *days, week.isoformat(), *days, *days)
            await session.execute(REFRESH_WEEK_SQL, *weeks)

    async def battle_week_table(self, language: str, week: date, limit: int) -> list[BattleRow]:
        rows = await self._fetch(WEEK_TABLE_SQL, language, week.isoformat(), limit)
        table: list[BattleRow] = []
        for n, row in enumerate(rows):
            tied = table and table[-1].points == row["points"]
            place = table[-1].place if tied else n + 1
            table.append(BattleRow(place, row["guild_id"], row["name"], row["points"]))
        return table

    async def battle_week_place(
        self, guild_id: int, language: str, week: date
    ) -> BattlePlace | None:
        return await self._place(WEEK_POINTS_SQL, WEEK_AHEAD_SQL, guild_id, language, week)

    async def battle_day_place(self, guild_id: int, language: str, day: date) -> BattlePlace | None:
        return await self._place(DAY_POINTS_SQL, DAY_AHEAD_SQL, guild_id, language, day)

    async def _place(
        self, points_sql: str, ahead_sql: str, guild_id: int, language: str, when: date
    ) -> BattlePlace | None:
        rows = await self._fetch(points_sql, guild_id, language, when.isoformat())
        if not rows:
            return None
        points = rows[0]["points"]
        ahead = await self._fetch(ahead_sql, language, when.isoformat(), points)
        servers = await self._fetch(ahead_sql, language, when.isoformat(), 0)
        return BattlePlace(ahead[0]["n"] + 1, points, servers[0]["n"])

    async def battle_contributions(
        self, guild_id: int, language: str, first: date, last: date, limit: int
    ) -> list[Contribution]:
        rows = await self._fetch(
            CONTRIBUTIONS_SQL, guild_id, language, first.isoformat(), last.isoformat(), limit
        )
        return [Contribution(**r) for r in rows]

    async def battle_history(
        self, guild_id: int, language: str, before: date, limit: int
    ) -> list[PastWeek]:
        rows = await self._fetch(HISTORY_SQL, guild_id, language, before.isoformat(), limit)
        return [PastWeek(date.fromisoformat(r["week"]), r["points"], r["place"]) for r in rows]
