"""``/leaderboard``'s embed: one page of a measure over a period, and the caller's own line."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import discord

from bot.discord.render.text import (
    COLOUR,
    DESCRIPTION_LIMIT,
    FOOTER_LIMIT,
    LEADERBOARD_SIZE,
    TITLE_LIMIT,
    clean_name,
    fit,
    marker,
    plural,
    pts,
)
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.standings.model import LeaderboardPage, Measure, RankedPlayer
from bot.standings.service import page_count
from core.periods import Period

PERIOD_NAMES = {
    Period.TODAY: "periods.today",
    Period.WEEK: "periods.week",
    Period.MONTH: "periods.month",
    Period.ALL_TIME: "periods.all",
}
MEASURE_NAMES = {
    Measure.POINTS: "measures.points",
    Measure.WINS: "measures.wins",
    Measure.WORDS: "measures.words",
    Measure.BEST_ROUND: "measures.best_round",
    Measure.LONGEST_WORD: "measures.longest_word",
    Measure.SHARE: "measures.share",
    Measure.DAILY: "measures.daily",
    Measure.TOURNAMENT_WINS: "tournaments.measure_wins",
}


@dataclass(frozen=True)
class LeaderboardView:
    """Which leaderboard a message shows, and to whom its own line belongs."""

    period: Period
    measure: Measure
    page: int  # from 0
    owner: int  # the player whose rank the message shows
    season: int | None = None  # a season's number: its places instead of period and measure

    def pages(self, total: int) -> int:
        return page_count(total, LEADERBOARD_SIZE)


def leaderboard_embed(
    board: LeaderboardPage,
    view: LeaderboardView,
    names: Mapping[int, str],
    guild_name: str,
    language: str = DEFAULT_LANGUAGE,
) -> discord.Embed:
    """The page's lines (shared ranks as given), then the owner's line when it is not on it;
    ``names`` holds the name shown for each player (escaped here: a name never pings)."""
    heading = text(
        "leaderboard.heading",
        language,
        measure=text(MEASURE_NAMES[view.measure], language),
        period=text(PERIOD_NAMES[view.period], language),
    )
    lines = [heading, ""]
    if not board.rows:
        lines.append(text("leaderboard.empty", language))
    lines += [f"{marker(r.rank)} {_line(r, view.measure, names, language)}" for r in board.rows]
    if board.own is None:
        lines += ["", text("leaderboard.not_ranked", language)]
    elif board.own not in board.rows:
        line = _line(board.own, view.measure, names, language)
        lines += ["", text("leaderboard.you", language, rank=board.own.rank, line=line)]
    lines += ["", text("coop_timers.leaderboard_note", language)]
    return framed(lines, guild_name, view.page, board.total, language)


def framed(
    lines: list[str], guild_name: str, page: int, total: int, language: str
) -> discord.Embed:
    """A leaderboard's embed: the server's title, ``lines``, and the page's footer."""
    embed = discord.Embed(
        title=fit(text("leaderboard.title", language, guild=guild_name), TITLE_LIMIT),
        description=fit("\n".join(lines), DESCRIPTION_LIMIT),
        colour=COLOUR,
    )
    footer = text(
        "leaderboard.page",
        language,
        page=page + 1,
        pages=page_count(total, LEADERBOARD_SIZE),
        players=plural(total, "player", language),
    )
    return embed.set_footer(text=fit(footer, FOOTER_LIMIT))


def figure_text(measure: Measure, row: RankedPlayer, language: str = DEFAULT_LANGUAGE) -> str:
    """A player's figure as the measure reads it."""
    if measure is Measure.LONGEST_WORD:
        return text("leaderboard.longest", language, word=row.word, letters=int(row.figure))
    if measure is Measure.SHARE:
        return text("leaderboard.share", language, percent=f"{row.figure * 100:.1f}")
    if measure is Measure.WINS or measure is Measure.TOURNAMENT_WINS:
        return plural(int(row.figure), "win", language)
    if measure is Measure.WORDS:
        return plural(int(row.figure), "word", language)
    return pts(int(row.figure), language)


def _line(row: RankedPlayer, measure: Measure, names: Mapping[int, str], language: str) -> str:
    return f"{clean_name(names[row.user_id], language)} · {figure_text(measure, row, language)}"
