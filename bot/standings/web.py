"""The server's standings on the page: the current season's beside all time's, asked for from
the lobby or the results (``{"type":"standings"}``) and answered ``standings`` through the use
cases ``/leaderboard`` uses (``SeasonService.standings``, ``StandingsService.leaderboard``), in
the player's language. With seasons off (the server's setting) all time only."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypedDict

from bot.i18n.catalogue import count, text
from bot.kernel.refusal import Refusal
from bot.seasons.service import SeasonService, SeasonStandings
from bot.standings.model import LeaderboardPage, Measure
from bot.standings.service import StandingsService
from bot.web.messages import Incoming
from bot.web.payloads import PAGE_TOP
from bot.web.routes import PageRoutes
from bot.web.session import Session
from core.periods import Period


class StandingJson(TypedDict):
    """A player's line of the server's standings (a season's or all time's)."""

    id: str
    name: str
    rank: int  # equal standings share a place
    points: int
    shown: str  # "12 pts"
    you: bool


class BoardStandingsJson(TypedDict):
    title: str  # "Season 2026-03", "All time", in the player's words
    rows: list[StandingJson]  # the top, then the player's own line when it is not in it
    players: int  # everyone ranked


class StandingsJson(TypedDict):
    """The server's standings: the current season's beside all time's (asked by the page)."""

    type: Literal["standings"]
    season: BoardStandingsJson | None  # None: the server has seasons off
    all_time: BoardStandingsJson


def routes(seasons: SeasonService, all_time: StandingsService) -> PageRoutes:
    page = PageRoutes()

    @page.message("standings")  # the lobby's or the results' Standings
    async def asked(session: Session, message: Incoming) -> None:
        guild, player = session.guild_id, session.player_id
        board = await standings(seasons, all_time, guild, player, session.language)
        await (session.refused(board) if isinstance(board, Refusal) else session.send(board))

    return page


async def standings(
    seasons: SeasonService,
    all_time: StandingsService,
    guild_id: int | None,
    player_id: int,
    language: str,
) -> StandingsJson | Refusal:
    """The server's standings as ``player_id`` sees them (their own line after the top); a
    DM has none."""
    if guild_id is None:
        return Refusal.of("leaderboard.not_in_dm", language)
    season = await seasons.standings(guild_id)  # a Refusal: seasons are off
    shown = await all_time.leaderboard(
        guild_id, Period.ALL_TIME, Measure.POINTS, 0, player_id, PAGE_TOP
    )
    return {
        "type": "standings",
        "season": None if isinstance(season, Refusal) else _season(season, player_id, language),
        "all_time": _all_time(shown.board, player_id, language),
    }


def _season(season: SeasonStandings, player_id: int, language: str) -> BoardStandingsJson:
    own = [p for p in season.places[PAGE_TOP:] if p.user_id == player_id]
    lines = [
        (p.place, p.user_id, season.names.get(p.user_id), p.points)
        for p in (*season.places[:PAGE_TOP], *own)
    ]
    title = text("web.season", language, name=season.name)
    return _board(title, lines, len(season.places), player_id, language)


def _all_time(board: LeaderboardPage, player_id: int, language: str) -> BoardStandingsJson:
    ranked = [*board.rows, *([board.own] if board.own and board.own not in board.rows else [])]
    lines = [(r.rank, r.user_id, r.display_name, int(r.figure)) for r in ranked]
    return _board(text("web.all_time", language), lines, board.total, player_id, language)


def _board(
    title: str,
    lines: Sequence[tuple[int, int, str | None, int]],
    players: int,
    player_id: int,
    language: str,
) -> BoardStandingsJson:
    """Lines of (rank, player, name kept for them, points) as the page shows them."""
    rows: list[StandingJson] = [
        {
            "id": str(user),
            "name": name or text("units.fallback_name", language, id=user),
            "rank": rank,
            "points": points,
            "shown": count(points, "units.pt", language),
            "you": user == player_id,
        }
        for rank, user, name, points in lines
    ]
    return {"title": title, "rows": rows, "players": players}
