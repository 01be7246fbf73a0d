"""The world round's messages: its board, a player's play, its results (in a world channel,
for one server; privately, for one player)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.discord.render.board import board_grid
from bot.discord.render.text import CONTENT_LIMIT, clean_name, escape, fit, marker, plural, pts
from bot.discord.render.verdicts import verdict_text
from bot.i18n.catalogue import count, text
from bot.i18n.languages import language_name
from bot.world.model import WorldPlay, WorldResults
from bot.world.wording import share_text, standing
from core.round import Judgement
from core.world import WORLD_RULES, WorldBoard

TOP = 10  # the world's best shown in every results post
HERE = 10  # a server's own players shown in its world channel


def title(board: WorldBoard, closes_at: float, language: str) -> str:
    lang = language_name(board.language)
    return text(
        "world_round.title",
        language,
        number=board.number,
        lang=lang,
        ends=f"<t:{int(closes_at)}:R>",
    )


def board_text(board: WorldBoard, closes_at: float, language: str, *, private: bool) -> str:
    """The board as a world channel shows it (``private``: as ``/world`` shows a player)."""
    how = "world_round.how_private" if private else "world_round.how_channel"
    grid = f"```\n{board_grid(board.board, board.language)}\n```"
    lines = [
        title(board, closes_at, language),
        grid,
        text(how, language),
        text("world_round.rule", language),
    ]
    return "\n".join(lines)


def verdict_lines(judgements: Sequence[Judgement], language: str) -> list[str]:
    """Each guessed word's verdict (its points, or why it was refused)."""
    rule = WORLD_RULES.min_length
    return [
        verdict_text(j.typed or j.word, j.verdict, j.points, rule, language, j.meant)
        for j in judgements
    ]


def yours_text(play: WorldPlay, language: str) -> str:
    """The player's words so far and their points."""
    if not play.words:
        return text("world_round.no_words", language)
    return text(
        "world_round.yours",
        language,
        count=len(play.words),
        words=", ".join(escape(w) for w in play.words),
        points=pts(play.entry.points, language),
    )


def play_text(play: WorldPlay, language: str, verdicts: Sequence[str] = ()) -> str:
    """A player's private message: the board, the verdicts of their last guess, their words."""
    yours = yours_text(play, language)
    lines = [board_text(play.board, play.closes_at, language, private=True), *verdicts, yours]
    return fit("\n".join(lines), CONTENT_LIMIT)


def _top(results: WorldResults, language: str) -> list[str]:
    return [
        text(
            "world_round.top_line",
            language,
            marker=marker(e.rank or 0),
            name=escape(clean_name(e.name, language)),
            points=pts(e.points, language),
            words=plural(e.words, "word", language),
        )
        for e in results.ranked[:TOP]
    ]


def results_text(results: WorldResults, guild_id: int | None, language: str) -> str:
    """The results post of a world channel (``guild_id``'s players and place) or, with None,
    the world's part alone."""
    lang = language_name(results.language)
    head = text(
        "world_round.results_title",
        language,
        number=results.number,
        lang=lang,
        players=plural(results.players, "player", language),
    )
    if not results.ranked:
        return "\n".join([head, text("world_round.nobody", language)])
    lines = [head, *_top(results, language)]
    if guild_id is not None:
        here = results.of_server(guild_id)
        if here:
            lines += ["", text("world_round.here", language)]
            lines += [
                text(
                    "world_round.here_line",
                    language,
                    name=escape(clean_name(e.name, language)),
                    points=pts(e.points, language),
                    **standing(e, results.players),
                )
                for e in here[:HERE]
            ]
        place = results.server_place(guild_id)
        if place is not None:
            lines.append(
                text(
                    "world_round.server_place",
                    language,
                    place=place.rank,
                    servers=len(results.servers),
                    points=pts(place.points, language),
                )
            )
    if results.rarest:
        rare = ", ".join(
            text("world_round.rare_word", language, word=escape(w), share=share_text(s))
            for w, s in results.rarest
        )
        lines += ["", text("world_round.rarest", language, words=rare)]
    return fit("\n".join(lines), CONTENT_LIMIT)


def your_result(results: WorldResults, player_id: int, language: str) -> str:
    """A player's own line under the world's results (``/world`` after the close)."""
    mine = results.of_player(player_id)
    if mine is None:
        return text("world_round.you_none", language)
    return text(
        "world_round.you",
        language,
        points=pts(mine.points, language),
        **standing(mine, results.players),
    )


def every_text(seconds: float, language: str) -> str:
    """The rhythm in whole minutes, or in seconds when it is not ("every 30 seconds")."""
    if seconds % 60:
        return count(round(seconds), "world_round.every_seconds", language)
    return count(round(seconds / 60), "world_round.every", language)
