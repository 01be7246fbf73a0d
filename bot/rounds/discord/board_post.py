"""The round's board post and the live status under it, as Discord shows them."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from bot.discord.render.board import board_grid, hint_grid, mode_rule, shape
from bot.discord.render.text import (
    CONTENT_LIMIT,
    STATUS_LIMIT,
    STATUS_PLAYERS,
    clean_name,
    escape,
    fallback_name,
    fit,
    plural,
    pts,
    units,
)
from bot.i18n.catalogue import text
from bot.i18n.languages import DEFAULT_LANGUAGE
from bot.rounds.discord.crowd_status import crowd_status, refused_item
from bot.rounds.discord.port import News
from bot.rounds.events import Ending
from core.board import Board
from core.round import Rules, Standing


def board_message(
    board: Board,
    rules: Rules,
    deadline: float,
    dice_name: str,
    starter_name: str,
    reads_messages: bool,
    status: str = "",
    hints: Sequence[int] | None = None,
    language: str = DEFAULT_LANGUAGE,
    clock: Sequence[str] | None = None,
) -> str:
    """The round's board post (in the round's ``language``); the bot edits it with a fresh ``status`` as guesses come in.
    With ``hints``, the words starting at each die in a grid of their own (the picture shows
    them too; this is for screen readers and channels without pictures)."""
    end = math.ceil(deadline)
    dice, starter = escape(fit(dice_name, 40)), clean_name(starter_name, language)
    lines = [
        text("board.title", language, shape=shape(board, rules, language)),
        text("board.byline", language, dice=dice, starter=starter),
        f"```\n{board_grid(board, language)}\n```",
        *([text("board.hints", language), f"```\n{hint_grid(board, hints)}\n```"] if hints else []),
        *(clock if clock is not None else [text("board.ends", language, end=end)]),
        text("board.how_chat" if reads_messages else "board.how_reply", language),
        text("board.rules", language, rule=mode_rule(rules.mode, language)),
    ]
    post = "\n".join(lines)
    if status.strip():
        room = CONTENT_LIMIT - units(post) - 2
        kept: list[str] = []
        for line in status.strip().splitlines():
            if units("\n".join([*kept, line, "…"])) > room:
                kept.append("…")
                break
            kept.append(line)
        post += "\n\n" + "\n".join(kept)
    return fit(post, CONTENT_LIMIT)


def ending_text(ending: Ending, language: str = DEFAULT_LANGUAGE) -> str:
    return text(f"board.{ending.value}", language)


def warning_text(seconds_left: float, language: str = DEFAULT_LANGUAGE) -> str:
    return text("board.warning", language, seconds=round(seconds_left))


NEWS_RESERVE = 400  # of the status, kept for news: standings lines give way first
NEWS_LINE_MIN = 80  # each player's news gets at least this many characters of the status


def status_text(
    standings: Sequence[Standing],
    names: Mapping[int, str],
    news: Mapping[int, News] | None = None,
    *,
    classic_live: bool = False,
    over: bool = False,
    language: str = DEFAULT_LANGUAGE,
) -> tuple[str, dict[int, tuple[int, int]]]:
    """The live status under the board: each player's words (and points once they are certain),
    then what their latest chat guesses did: ✅ accepted words, ✗ refused ones with the reason.

    Fits ``STATUS_LIMIT``; returns the text and, per player, how many accepted and refused items
    it shows, so that news left out for room is shown by the next edit instead. More players
    than the status lists (a crowd): a few short lines instead (``crowd_status``).
    """
    news = news or {}
    ranked = {s.player for s in standings}
    # A player whose every word so far was refused has no standing yet, but hears why.
    newcomers = [
        Standing(player, 0, None if classic_live else 0) for player in news if player not in ranked
    ]
    standings = [*standings, *newcomers]
    if len(standings) > STATUS_PLAYERS:
        return crowd_status(standings, len(standings), names, news, language, live=not over)
    shown_players = _players_shown(standings, news)
    limit = STATUS_LIMIT - (NEWS_RESERVE if news else 0)
    while True:
        bases = [_standing_line(s, names, language) for s in shown_players]
        hidden = len(standings) - len(shown_players)
        tail = [f"+{plural(hidden, 'more_player', language)}"] if hidden else []
        if classic_live and standings:
            tail.append(text("status.classic_note", language))
        if not shown_players or units("\n".join(bases + tail)) <= limit:
            break
        quiet = [i for i, s in enumerate(shown_players) if s.player not in news]
        shown_players.pop(quiet[-1] if quiet else -1)
    with_news = [s.player for s in shown_players if s.player in news]
    room = STATUS_LIMIT - units("\n".join(bases + tail))
    per_line = max(NEWS_LINE_MIN, room // max(1, len(with_news)))
    lines, counts = [], {}
    for base, standing in zip(bases, shown_players, strict=True):
        item = news.get(standing.player)
        extra, count = (
            ("", (0, 0)) if item is None else _news_text(item, min(per_line, room), language)
        )
        if count != (0, 0):
            counts[standing.player] = count
            room -= units(extra)
        lines.append(base + extra)
    return "\n".join(lines + tail), counts


def _players_shown(standings: Sequence[Standing], news: Mapping[int, News]) -> list[Standing]:
    """The best ``STATUS_PLAYERS``, except that a player with news takes the place of the lowest
    ones without: a player's news is never hidden by a crowd."""
    shown = list(standings[:STATUS_PLAYERS])
    waiting = [s for s in standings[STATUS_PLAYERS:] if s.player in news]
    for i in range(len(shown) - 1, -1, -1):
        if not waiting:
            break
        if shown[i].player not in news:
            shown[i] = waiting.pop(0)
    rank = {s.player: i for i, s in enumerate(standings)}
    return sorted(shown, key=lambda s: rank[s.player])


def _standing_line(standing: Standing, names: Mapping[int, str], language: str) -> str:
    shown = names.get(standing.player, fallback_name(standing.player, language))
    line = f"{clean_name(shown, language)} · {plural(standing.words, 'word', language)}"
    return line if standing.points is None else f"{line} · {pts(standing.points, language)}"


def _news_text(news: News, budget: int, language: str) -> tuple[str, tuple[int, int]]:
    """' · ✅ a, b · ✗ c (not a word)' within ``budget`` units: accepted words first."""
    line, accepted, refused = "", 0, 0
    for word in news.accepted:
        add = (text("status.accepted", language) if accepted == 0 else ", ") + escape(word)
        if units(line + add) > budget:
            return line, (accepted, refused)
        line, accepted = line + add, accepted + 1
    for word, verdict in news.refused:
        item = refused_item(word, verdict, language, news.meant.get(word))
        add = (text("status.refused", language) if refused == 0 else ", ") + item
        if units(line + add) > budget:
            break
        line, refused = line + add, refused + 1
    return line, (accepted, refused)
