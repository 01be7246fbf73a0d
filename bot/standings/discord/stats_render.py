"""``/stats``' embed: a player's figures on a server, all modes and each mode."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.achievements.model import tier_name, tier_what
from bot.achievements.service import Held
from bot.daily.model import DailyAttempt
from bot.discord.render.board import board_grid
from bot.discord.render.text import (
    COLOUR,
    FIELD_VALUE_LIMIT,
    FOOTER_LIMIT,
    TITLE_LIMIT,
    clean_name,
    fit,
    plural,
    pts,
)
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_name
from bot.standings.model import RECENT_ROUNDS, PlayerStats
from bot.world.model import WorldRecord
from core.board import Board
from core.coop import team_percent
from core.round import Mode
from core.streaks import Streak

MODE_NAMES = {Mode.CLASSIC: "stats.classic", Mode.RACE: "stats.race", Mode.CASUAL: "stats.casual"}


def stats_embed(
    stats: PlayerStats | None,
    name: str,
    guild_name: str,
    shared_by: str | None = None,
    language: str = DEFAULT_LANGUAGE,
    daily: tuple[Sequence[DailyAttempt], Streak] | None = None,
    world: WorldRecord | None = None,
) -> discord.Embed:
    """The player's statistics (or that they have none); ``shared_by`` names who posted them;
    ``daily`` their latest daily attempts and streak, shown when they have played one; ``world``
    their world rounds (None: none scored in)."""
    shown = clean_name(name, language)
    embed = discord.Embed(
        title=fit(text("stats.title", language, name=name, guild=guild_name), TITLE_LIMIT),
        colour=COLOUR,
    )
    if shared_by is not None:
        embed.set_footer(text=fit(text("stats.shared_by", language, name=shared_by), FOOTER_LIMIT))
    if daily is not None and daily[0]:
        value = daily_value(*daily, language=language)
        embed.add_field(name=text("stats.daily", language), value=value, inline=False)
    if world is not None:
        embed.add_field(
            name=text("world_stats.title", language),
            value=world_value(world, language),
            inline=False,
        )
    if stats is None:
        embed.description = text("stats.none", language, name=shown)
        return embed
    fields = [
        ("stats.rounds", str(stats.rounds)),
        ("stats.wins", str(stats.wins)),
        ("stats.points", str(stats.points)),
        ("stats.words", str(stats.words)),
        ("stats.longest", stats.longest_word or text("stats.no_share", language)),
        ("stats.favourite", text("stats.size", language, side=stats.favourite_size)),
        ("stats.share", percent(stats.share, language)),
    ]
    for key, value in fields:
        embed.add_field(name=text(key, language), value=value)
    grid = board_grid(Board.parse(stats.best_board))
    embed.add_field(
        name=text("stats.best", language),
        value=text(
            "stats.best_value", language, points=pts(stats.best_points, language), grid=grid
        ),
        inline=False,
    )
    for mode in stats.modes:
        value = text(
            "stats.mode_value",
            language,
            rounds=plural(mode.rounds, "round", language),
            wins=plural(mode.wins, "win", language),
            points=pts(mode.points, language),
            recent=percent(mode.recent_share, language),
            count=RECENT_ROUNDS,
            all=percent(mode.share, language),
        )
        embed.add_field(name=text(MODE_NAMES[mode.mode], language), value=value, inline=False)
    if stats.coop is not None:  # co-op apart: it adds to the words found, never to the points
        coop = text(
            "coop_timers.stats_coop",
            language,
            rounds=plural(stats.coop.rounds, "round", language),
            points=pts(stats.coop.points, language),
            share=team_percent(stats.coop.best_share),
        )
        embed.add_field(name=text("mode_names.coop", language), value=coop, inline=False)
    return embed


def daily_value(
    history: Sequence[DailyAttempt], run: Streak, language: str = DEFAULT_LANGUAGE
) -> str:
    """The daily field: the streaks, then each recent attempt (points, share, flagged)."""
    lines = [text("stats.daily_streak", language, current=run.current, longest=run.longest)]
    for attempt in history:
        points = attempt.points or 0
        line = text(
            "stats.daily_line",
            language,
            number=attempt.day_number,
            lang=language_name(attempt.language),
            points=pts(points, language),
            percent=points * 100 // attempt.max_points if attempt.max_points else 0,
        )
        lines.append(line + (text("stats.daily_flagged", language) if attempt.flagged else ""))
    return fit("\n".join(lines), FIELD_VALUE_LIMIT)


def world_value(record: WorldRecord, language: str = DEFAULT_LANGUAGE) -> str:
    """The world rounds' field: rounds and points, the best rank, the best top share, the
    top-ten finishes."""
    return text(
        "world_stats.value",
        language,
        rounds=plural(record.rounds, "round", language),
        points=pts(record.points, language),
        rank=f"{record.best_rank:,}",
        players=f"{record.best_of:,}",
        top=record.best_top,
        top_tens=f"{record.top_tens:,}",
    )


def percent(share: float | None, language: str = DEFAULT_LANGUAGE) -> str:
    """A share of the maximum as a percentage, or "n/a" when no round's maximum is known."""
    if share is None:
        return text("stats.no_share", language)
    return text("stats.percent", language, percent=f"{share * 100:.1f}")


NEXT_SHOWN = 6  # next tiers listed in /stats (those under way first)


def achievements_fields(held: Sequence[Held], language: str) -> list[tuple[str, str]]:
    """/stats' achievements: each one held (its highest tier, the share of players holding it),
    then the next tiers to reach, with what each asks."""
    have = [h for h in held if h.progress.earned]
    title = text("achievements.field", language, earned=len(have), total=len(held))
    lines = [
        text(
            "achievements.held_line",
            language,
            name=tier_name(
                h.progress.achievement.code,
                h.progress.achievement.tiers[h.progress.earned - 1],
                language,
            ),
            percent=h.holders_percent,
        )
        for h in have
    ]
    ahead = sorted(
        (h for h in held if h.progress.next_tier is not None),
        key=lambda h: not h.progress.earned,
    )[:NEXT_SHOWN]
    upcoming = [
        text(
            "achievements.next_line",
            language,
            name=tier_name(h.progress.achievement.code, tier, language),
            what=tier_what(h.progress.achievement.code, tier, language),
        )
        for h in ahead
        if (tier := h.progress.next_tier) is not None
    ]
    return [
        (title, fit("\n".join(lines) or text("achievements.none", language), FIELD_VALUE_LIMIT)),
        (
            text("achievements.field_next", language),
            fit("\n".join(upcoming) or text("achievements.all_done", language), FIELD_VALUE_LIMIT),
        ),
    ]
