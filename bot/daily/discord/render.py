"""The daily board's messages: the player's private board (words so far, time left), their
result, the summary they share (no words) and the server's end-of-day post.

The player's messages and the summary they share are in the attempt's language (the board's);
the end-of-day post is in the server's language and names the board's language.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from bot.daily.model import DailyGuess
from bot.daily.posts import DailyPost
from bot.daily.service import DailyResult, DailyState
from bot.discord.render.board import board_grid
from bot.discord.render.text import (
    CONTENT_LIMIT,
    clean_name,
    escape,
    fallback_name,
    fit,
    marker,
    pack,
    plural,
    pts,
)
from bot.discord.render.verdicts import verdict_text
from bot.i18n.catalogue import count, text
from bot.i18n.languages import DEFAULT_LANGUAGE, language_name
from core.battles import BattlePlace, shown
from core.board import Board
from core.daily import DAILY_RULES, ShareSummary
from core.fairplay import rule_figures
from core.languages import shown_spelling
from core.round import Judgement, Verdict

RANKING_SHOWN = 10  # players an end-of-day post ranks
MISSED_POSTED = 10  # best missed words an end-of-day post names


def daily_text(state: DailyState, now: float) -> str:
    """The player's private message, in the attempt's language: the board and words so far
    while the attempt runs, the result once it is finished."""
    if state.result is not None:
        return result_text(state, state.result)
    language = state.attempt.language
    board = state.board
    lines = [
        text("daily.title", language, number=board.number, lang=language_name(board.language)),
        text("daily.shape", language, min_length=DAILY_RULES.min_length),
        f"```\n{board_grid(board.board, board.language)}\n```",
        time_left_text(state.attempt.deadline, now, language),
        text("daily.how", language),
        "",
        _guesses_text(state, language),
    ]
    return fit("\n".join(lines), CONTENT_LIMIT)


def time_left_text(deadline: float, now: float, language: str = DEFAULT_LANGUAGE) -> str:
    """The time left as of ``now``, and the end as a timestamp Discord counts down live."""
    left = max(0, math.ceil(deadline - now))
    return text(
        "daily.time_left",
        language,
        minutes=left // 60,
        seconds=f"{left % 60:02d}",
        end=int(deadline),
    )


def verdict_lines(
    guesses: Sequence[DailyGuess | Judgement],
    language: str,
    spell: Callable[[str], str] = str,
) -> list[str]:
    """Each guess's verdict line (its points, or why it was refused), in ``language``: the same
    on the board's message and in the answer to ``/daily-guess``. An accepted word is shown as
    the player typed it when that is one of its spellings, else as ``spell`` writes it."""
    rule = DAILY_RULES.min_length
    lines = []
    for g in guesses:
        typed, meant = (g.typed, g.meant) if isinstance(g, Judgement) else (None, None)
        shown = (
            shown_spelling(language, spell, g.word, typed)
            if g.verdict is Verdict.ACCEPTED
            else g.word
        )
        lines.append(verdict_text(shown, g.verdict, g.points, rule, language, meant))
    return lines


def _guesses_text(state: DailyState, language: str) -> str:
    if not state.guesses:
        return text("daily.no_words_yet", language)
    accepted = [g for g in state.guesses if g.verdict is Verdict.ACCEPTED]
    head = text(
        "daily.so_far",
        language,
        words=plural(len(accepted), "word", language),
        points=pts(state.points, language),
    )
    refused = [g for g in state.guesses if g.verdict is not Verdict.ACCEPTED]
    lines = verdict_lines([*accepted, *refused[-5:]], language, state.spelled)
    body, _ = pack(lines, CONTENT_LIMIT - 900, sep="\n", language=language)
    return f"{head}\n{body}"


def result_text(state: DailyState, result: DailyResult) -> str:
    """The finished attempt, in its language: words, points, share of the maximum, streak, the
    missed words."""
    summary = result.summary
    language = state.attempt.language
    accepted = [g for g in state.guesses if g.verdict is Verdict.ACCEPTED]
    found = sorted(accepted, key=lambda g: (-g.points, g.word))
    lines = [
        *_titled_board(
            "daily.result_title", language, summary.number, state.board.board, state.board.language
        ),
        text(
            "daily.result_figures",
            language,
            words=plural(summary.words, "word", language),
            points=pts(summary.points, language),
            percent=summary.percent,
            max_points=pts(summary.max_points, language),
        ),
        text(
            "daily.streak",
            language,
            current=result.streak.current,
            longest=result.streak.longest,
        ),
    ]
    if result.flagged:
        lines += ["", text("daily.flagged", language, **rule_figures())]
    if found:
        entries = [f"{escape(state.spelled(g.word))} ({g.points})" for g in found]
        words, _ = pack(entries, 500, language=language)
        lines += ["", text("daily.found", language, words=words)]
    if result.missed:
        shown = [f"{state.spelled(w)} ({p})" for w, p in result.missed]
        missed, _ = pack(shown, 500, language=language)
        lines += ["", text("daily.missed", language, total=result.missed_total, words=missed)]
    lines += ["", text("daily.share_hint", language)]
    return fit("\n".join(lines), CONTENT_LIMIT)


def share_text(summary: ShareSummary, name: str) -> str:
    """What the Share button posts, in the attempt's language: figures only, never a word of
    the board."""
    language = summary.language
    return text(
        "daily.shared",
        language,
        name=clean_name(name, language),
        number=summary.number,
        lang=language_name(language),
        words=plural(summary.words, "word", language),
        points=pts(summary.points, language),
        percent=summary.percent,
        streak=summary.streak,
    )


def too_late_text(language: str = DEFAULT_LANGUAGE) -> str:
    return text("daily.too_late", language)


def end_of_day_text(post: DailyPost) -> str:
    """A server's post after its day ended, in the server's language (naming the board's): the
    board, its ranking, the longest and best words nobody there found (as the dictionary spells
    them), the server's place in the day's server battle."""
    language, ranking, missed, spell = post.language, post.ranking, post.missed, post.spelled
    lines = [
        *_titled_board("daily.post_title", language, post.number, post.board, post.board_language),
        text("daily.post_ranking", language),
    ]
    for row in ranking[:RANKING_SHOWN]:
        name = row.display_name or fallback_name(row.player_id, language)
        lines.append(
            text(
                "daily.post_line",
                language,
                marker=marker(row.rank),
                name=clean_name(name, language),
                points=pts(row.points, language),
                words=plural(row.words, "word", language),
                percent=row.points * 100 // row.max_points if row.max_points else 0,
            )
        )
    if len(ranking) > RANKING_SHOWN:
        more = plural(len(ranking) - RANKING_SHOWN, "player", language)
        lines.append(text("daily.post_more", language, more=more))
    longest = sorted(missed, key=lambda w: (-len(w), w))
    best = sorted(missed, key=lambda w: (-DAILY_RULES.points(w), -len(w), w))[:MISSED_POSTED]
    if longest:
        word = longest[0]
        lines.append(text("daily.post_longest", language, word=spell(word), letters=len(word)))
        shown = [f"{spell(w)} ({DAILY_RULES.points(w)})" for w in best]
        words, _ = pack(shown, 600, language=language)
        lines.append(text("daily.post_best", language, words=words, total=len(missed)))
    else:
        lines.append(text("daily.post_all_found", language))
    if post.battle is not None:
        lines.append(day_place_text(post.battle, language))
    return fit("\n".join(lines), CONTENT_LIMIT)


def day_place_text(battle: BattlePlace, language: str) -> str:
    """The server's place in the day's server battle, under its end-of-day post."""
    servers = count(battle.servers, "battles.servers", language)
    return text(
        "battles.day_place",
        language,
        place=battle.place,
        servers=servers,
        score=shown(battle.points),
    )


def _titled_board(
    key: str, language: str, number: int, board: Board, board_language: str
) -> list[str]:
    """A daily board's title (``key``: its number and the board's language) and its grid."""
    title = text(key, language, number=number, lang=language_name(board_language))
    return [title, f"```\n{board_grid(board, board_language)}\n```"]
