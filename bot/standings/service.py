"""Standings' use cases: a server's leaderboard over a period (counted in the server's time zone)
and a player's figures on a server. No Discord here: the cogs name the players and draw the
embeds from what this returns."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Protocol

from bot.daily.model import DAILY_HISTORY, DailyAttempt
from bot.daily.service import server_zone
from bot.server_settings.service import ServerSettingsService
from bot.standings.model import LeaderboardPage, LeaderboardQuery, Measure, PlayerStats
from bot.world.model import WorldRecord
from core.days import local_date
from core.periods import Period, period_start
from core.streaks import Streak, streak


class StandingsStore(Protocol):
    """The queries standings need (every storage engine has them)."""

    async def leaderboard_page(self, query: LeaderboardQuery) -> LeaderboardPage: ...

    async def player_stats(self, guild_id: int, user_id: int) -> PlayerStats | None: ...

    async def display_names(self, guild_id: int, user_ids: Iterable[int]) -> Mapping[int, str]: ...

    async def daily_history(
        self, player_id: int, limit: int = DAILY_HISTORY
    ) -> Sequence[DailyAttempt]: ...

    async def daily_days(self, player_id: int) -> Sequence[date]: ...

    async def world_record(self, player_id: int) -> WorldRecord | None: ...


@dataclass(frozen=True)
class LeaderboardShown:
    """A page of a server's leaderboard, the viewer's own line on it (``board.own``) and the
    server's language to write it in."""

    board: LeaderboardPage
    period: Period
    measure: Measure
    page: int  # the page shown, from 0: the last one when the one asked for is past the end
    pages: int
    language: str


@dataclass(frozen=True)
class PlayerFigures:
    """What a player's statistics on a server show, in the server's language."""

    stats: PlayerStats | None  # None: the player has not finished a round on the server
    kept_name: str | None  # the name kept from their rounds (None: the bot never learnt one)
    daily: tuple[DailyAttempt, ...]  # their latest finished daily attempts, newest first
    streak: Streak  # their daily streaks as of the server's today
    language: str
    world: WorldRecord | None = None  # their world rounds, every server's (None: none scored)


def page_count(total: int, page_size: int) -> int:
    """How many pages ``total`` ranked players fill (one, empty, when nobody is ranked)."""
    return max(1, -(-total // page_size))


class StandingsService:
    """Reads the standings every finished round and daily attempt keeps."""

    def __init__(
        self,
        store: StandingsStore,
        server_settings: ServerSettingsService,
        clock: Callable[[], float],
    ) -> None:
        self.store = store
        self.server_settings = server_settings
        self.clock = clock

    async def leaderboard(
        self,
        guild_id: int,
        period: Period,
        measure: Measure,
        page: int,
        viewer: int,
        page_size: int,
    ) -> LeaderboardShown:
        """Page ``page`` (from 0, ``page_size`` players a page) of the server's players ranked
        by ``measure`` over the results that ended within ``period`` (its start in the server's
        time zone, up to now), with ``viewer``'s own line. A page past the end (shown earlier,
        before players left it) gives the last one."""
        settings = await self.server_settings.of(guild_id)
        now = self.clock()
        since = period_start(period, now, server_zone(settings))

        async def read(number: int) -> LeaderboardPage:
            return await self.store.leaderboard_page(
                LeaderboardQuery(guild_id, measure, since, number, viewer, page_size, until=now + 1)
            )

        board = await read(page)
        if not board.rows and page > 0:
            page = page_count(board.total, page_size) - 1
            board = await read(page)
        pages = page_count(board.total, page_size)
        return LeaderboardShown(board, period, measure, page, pages, settings.language)

    async def player(self, guild_id: int, player_id: int) -> PlayerFigures:
        """A player's figures on the server, the name kept for them, their daily attempts and
        streaks and their world rounds (any server's: those are the player's own)."""
        settings = await self.server_settings.of(guild_id)
        stats = await self.store.player_stats(guild_id, player_id)
        kept = await self.store.display_names(guild_id, [player_id])
        today = local_date(self.clock(), server_zone(settings))
        history = tuple(await self.store.daily_history(player_id))
        run = streak(await self.store.daily_days(player_id), today)
        world = await self.store.world_record(player_id)
        return PlayerFigures(stats, kept.get(player_id), history, run, settings.language, world)
