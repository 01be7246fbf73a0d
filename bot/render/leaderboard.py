"""``/leaderboard``'s embed."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from ..catalogue import text
from .text import (
    COLOUR,
    DESCRIPTION_LIMIT,
    LEADERBOARD_SIZE,
    TITLE_LIMIT,
    clean_name,
    fit,
    marker,
    plural,
    pts,
)

LeaderboardEntry = tuple[int, str, int, int, int]  # rank, name, points, rounds, words


def leaderboard_embed(
    entries: Sequence[LeaderboardEntry], own: LeaderboardEntry | None, guild_name: str
) -> discord.Embed:
    """The server's top 10 (shared ranks as given), plus the caller's line when they are not in it."""
    title = fit(text("leaderboard.title", guild=guild_name), TITLE_LIMIT)
    top = list(entries[:LEADERBOARD_SIZE])
    if not top:
        lines = [text("leaderboard.empty")]
    else:
        lines = [f"{marker(e[0])} {_leader_line(e)}" for e in top]
    if own is None:
        lines += ["", text("leaderboard.not_played")]
    elif own not in top:
        lines += ["", text("leaderboard.you", rank=own[0], line=_leader_line(own))]
    return discord.Embed(
        title=title, description=fit("\n".join(lines), DESCRIPTION_LIMIT), colour=COLOUR
    )


def _leader_line(entry: LeaderboardEntry) -> str:
    _, name, points, rounds, words = entry
    return (
        f"{clean_name(name)} · {pts(points)} · {plural(rounds, 'round')} · {plural(words, 'word')}"
    )
