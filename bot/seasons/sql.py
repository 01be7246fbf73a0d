"""The seasons' SQL: a server's season settings, its finished seasons archived with every
player's place (the all-time standings are never reset) and the recap it owes (the outbox's).

A season is archived once: ``(guild_id, name)`` is unique, so two processes that both see a
season end archive it once and only the one that archived it posts the recap."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import astuple, fields, replace
from typing import Protocol

from bot.seasons.model import ArchivedSeason, SeasonSettings
from bot.seasons.store import OwedBy
from bot.storage.database import Database
from bot.storage.outbox_sql import owe_in
from core.seasons import Place, ResultRow

SETTINGS_SQL = (
    "SELECT guild_id, length, announce_channel, champion_role FROM season_settings"
    " WHERE guild_id = ?"
)
SAVE_SETTINGS_SQL = (
    "INSERT INTO season_settings (guild_id, length, announce_channel, champion_role)"
    " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET length = excluded.length,"
    " announce_channel = excluded.announce_channel, champion_role = excluded.champion_role"
)
# Co-op results (team_share set) are kept apart, as all time keeps them: a season ranks points.
RESULTS_SQL = (
    "SELECT round_id, player_id, points, words, won, longest_word FROM round_results"
    " WHERE guild_id = ? AND ended_at >= ? AND ended_at < ? AND team_share IS NULL"
    " ORDER BY round_id, player_id"
)
SETTLING_SQL = (
    "SELECT COUNT(*) AS n FROM rounds WHERE guild_id = ? AND state = 'running' AND deadline < ?"
)
ACTIVE_GUILDS_SQL = (
    "SELECT DISTINCT guild_id FROM round_results WHERE ended_at >= ? ORDER BY guild_id"
)
# An archived season's columns (``recap_posted_at`` is no longer written: the outbox knows).
_SEASON_COLUMNS = ", ".join(f.name for f in fields(ArchivedSeason))
NEXT_NUMBER_SQL = "SELECT COALESCE(MAX(number), 0) + 1 AS n FROM seasons WHERE guild_id = ?"
ARCHIVE_SQL = (
    f"INSERT INTO seasons ({_SEASON_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, name) DO NOTHING"
)
PLACE_SQL = (
    "INSERT INTO season_places (guild_id, number, user_id, place, points, words, rounds, wins,"
    " longest_word, best_round) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
SEASONS_SQL = f"SELECT {_SEASON_COLUMNS} FROM seasons WHERE guild_id = ? ORDER BY number"
PLACES_SQL = (
    "SELECT place, user_id, points, words, rounds, wins, longest_word, best_round"
    " FROM season_places WHERE guild_id = ? AND number = ? ORDER BY place, user_id"
)


class SeasonSQL(Database, Protocol):
    """Seasons' settings, archive and recaps: ``SeasonStore`` on ``Database`` (mypy holds it to
    the Protocol wherever a storage is given as one)."""

    async def season_settings(self, guild_id: int) -> SeasonSettings:
        rows = await self._fetch(SETTINGS_SQL, guild_id)
        return SeasonSettings.from_columns(rows[0]) if rows else SeasonSettings(guild_id)

    async def save_season_settings(self, settings: SeasonSettings) -> None:
        async with self._write() as session:
            s = settings
            await session.execute(
                SAVE_SETTINGS_SQL, s.guild_id, s.length.value, s.announce_channel, s.champion_role
            )

    async def season_results(self, guild_id: int, start: float, end: float) -> list[ResultRow]:
        rows = await self._fetch(RESULTS_SQL, guild_id, start, end)
        return [ResultRow(**(r | {"won": bool(r["won"])})) for r in rows]

    async def rounds_settling(self, guild_id: int, before: float) -> int:
        return int((await self._fetch(SETTLING_SQL, guild_id, before))[0]["n"])

    async def guilds_playing_since(self, since: float) -> list[int]:
        return [r["guild_id"] for r in await self._fetch(ACTIVE_GUILDS_SQL, since)]

    async def archive_season(
        self, season: ArchivedSeason, places: Sequence[Place], owed: OwedBy
    ) -> ArchivedSeason | None:
        async with self._write() as session:
            number = (await session.fetch(NEXT_NUMBER_SQL, season.guild_id))[0]["n"]
            kept = replace(season, number=int(number))
            if not await session.execute(ARCHIVE_SQL, *astuple(kept)):
                return None
            await session.executemany(
                PLACE_SQL,
                [(kept.guild_id, kept.number, p.user_id, *_place_values(p)) for p in places],
            )
            await owe_in(session, owed(kept), kept.archived_at)
        return kept

    async def archived_seasons(self, guild_id: int) -> list[ArchivedSeason]:
        return [ArchivedSeason(**r) for r in await self._fetch(SEASONS_SQL, guild_id)]

    async def season_places(self, guild_id: int, number: int) -> list[Place]:
        return [Place(**r) for r in await self._fetch(PLACES_SQL, guild_id, number)]


def _place_values(p: Place) -> tuple[object, ...]:
    return (p.place, p.points, p.words, p.rounds, p.wins, p.longest_word, p.best_round)
