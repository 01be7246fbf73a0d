"""``/leaderboard scope:world``'s embed: the world's best over a period, and the caller's place."""

from __future__ import annotations

import discord

from bot.discord.render.text import (
    COLOUR,
    DESCRIPTION_LIMIT,
    FOOTER_LIMIT,
    TITLE_LIMIT,
    clean_name,
    escape,
    fit,
    marker,
    plural,
    pts,
)
from bot.i18n.catalogue import text
from bot.i18n.languages import language_name
from bot.standings.discord.leaderboard_render import PERIOD_NAMES
from bot.world.model import WorldLeaderboard
from core.periods import Period


def world_embed(board: WorldLeaderboard, period: Period, language: str) -> discord.Embed:
    """The world's best (level players share a rank), in the reader's ``language``."""
    title = text(
        "world_round.board_title",
        language,
        lang=language_name(board.language),
        period=text(PERIOD_NAMES[period], language),
    )
    lines, rank = [], 0
    for k, row in enumerate(board.rows):
        if k == 0 or row.points != board.rows[k - 1].points:
            rank = k + 1
        lines.append(
            text(
                "world_round.board_line",
                language,
                marker=marker(rank),
                name=escape(clean_name(row.name, language)),
                points=pts(row.points, language),
                rounds=plural(row.rounds, "round", language),
            )
        )
    description = "\n".join(lines) or text("world_round.board_empty", language)
    embed = discord.Embed(
        title=fit(title, TITLE_LIMIT),
        description=fit(description, DESCRIPTION_LIMIT),
        colour=COLOUR,
    )
    if board.own is None:
        footer = text("world_round.board_you_none", language)
    else:
        place, mine = board.own
        footer = text(
            "world_round.board_you",
            language,
            rank=f"{place:,}",
            players=f"{board.players:,}",
            points=pts(mine.points, language),
        )
    embed.set_footer(text=fit(footer, FOOTER_LIMIT))
    return embed
