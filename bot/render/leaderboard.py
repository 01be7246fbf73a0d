"""``/leaderboard``'s embed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import discord

from ..catalogue import text
from ..storage import LeaderboardEntry
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


def leaderboard_embed(
    entries: Sequence[LeaderboardEntry],
    own: LeaderboardEntry | None,
    names: Mapping[int, str],
    guild_name: str,
) -> discord.Embed:
    """The server's top 10 (shared ranks as given), plus the caller's line when they are not in
    it; ``names`` holds the name shown for each player."""
    title = fit(text("leaderboard.title", guild=guild_name), TITLE_LIMIT)
    top = list(entries[:LEADERBOARD_SIZE])
    if not top:
        lines = [text("leaderboard.empty")]
    else:
        lines = [f"{marker(e.rank)} {_leader_line(e, names)}" for e in top]
    if own is None:
        lines += ["", text("leaderboard.not_played")]
    elif own not in top:
        lines += ["", text("leaderboard.you", rank=own.rank, line=_leader_line(own, names))]
    return discord.Embed(
        title=title, description=fit("\n".join(lines), DESCRIPTION_LIMIT), colour=COLOUR
    )


def _leader_line(entry: LeaderboardEntry, names: Mapping[int, str]) -> str:
    name = clean_name(names[entry.user_id])
    rounds, words = plural(entry.rounds, "round"), plural(entry.words, "word")
    return f"{name} · {pts(entry.points)} · {rounds} · {words}"
