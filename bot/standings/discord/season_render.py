"""``/leaderboard``'s embed for a season: one page of its places (points, shared places as the
archive keeps them), the caller's own line, and where the all-time standings are."""

from __future__ import annotations

from collections.abc import Mapping

import discord

from bot.discord.render.text import LEADERBOARD_SIZE, clean_name, marker, plural, pts
from bot.i18n.catalogue import text
from bot.seasons.service import SeasonStandings
from bot.standings.discord.leaderboard_render import framed
from bot.standings.service import page_count
from core.seasons import Place


def season_page(standings: SeasonStandings, page: int) -> tuple[int, tuple[Place, ...]]:
    """The page shown (clamped to the last one) and its places."""
    last = page_count(len(standings.places), LEADERBOARD_SIZE) - 1
    shown = max(0, min(page, last))
    start = shown * LEADERBOARD_SIZE
    return shown, standings.places[start : start + LEADERBOARD_SIZE]


def season_embed(
    standings: SeasonStandings, page: int, owner: int, names: Mapping[int, str], guild_name: str
) -> discord.Embed:
    """Page ``page`` of the season's places, then ``owner``'s place when it is not on it;
    ``names`` holds the name shown for each player (escaped here: a name never pings)."""
    language = standings.language
    shown, on_page = season_page(standings, page)
    state = "season_board.current" if standings.current else "season_board.final"
    heading = text(
        "season_board.heading",
        language,
        name=standings.name,
        number=standings.number,
        state=text(state, language),
    )
    lines = [heading, ""]
    if not on_page:
        lines.append(text("season_board.empty", language))
    lines += [f"{marker(p.place)} {_line(p, names, language)}" for p in on_page]
    own = next((p for p in standings.places if p.user_id == owner), None)
    if own is None:
        lines += ["", text("leaderboard.not_ranked", language)]
    elif own not in on_page:
        line = _line(own, names, language)
        lines += ["", text("leaderboard.you", language, rank=own.place, line=line)]
    lines += ["", text("season_board.all_time", language)]
    lines.append(text("coop_timers.leaderboard_note", language))
    return framed(lines, guild_name, shown, len(standings.places), language)


def _line(place: Place, names: Mapping[int, str], language: str) -> str:
    name = names.get(place.user_id) or text("units.fallback_name", language, id=place.user_id)
    return text(
        "seasons.line",
        language,
        name=clean_name(name, language),
        points=pts(place.points, language),
        words=plural(place.words, "word", language),
    )
