"""The daily board's messages: the player's private board (words so far, time left), their
result, the summary they share (no words) and the server's end-of-day post."""

from __future__ import annotations

import math
from collections.abc import Sequence

from core.daily import DAILY_RULES, DailyBoard, ShareSummary
from core.fairplay import rule_figures
from core.round import Verdict

from ..catalogue import catalogue, text
from ..daily_service import DailyResult, DailyState
from ..storage import DailyRanked
from .board import board_grid
from .replies import verdict_text
from .text import CONTENT_LIMIT, clean_name, escape, fallback_name, fit, marker, pack, plural, pts

RANKING_SHOWN = 10  # players an end-of-day post ranks
MISSED_POSTED = 10  # best missed words an end-of-day post names


def language_name(language: str) -> str:
    """The language's name as players read it (its code when the catalogue has none)."""
    key = f"languages.{language}"
    return text(key) if key in catalogue() else language


def _title(board: DailyBoard) -> str:
    return text("daily.title", number=board.number, lang=language_name(board.language))


def daily_text(state: DailyState, now: float) -> str:
    """The player's private message: the board and words so far while the attempt runs, the
    result once it is finished."""
    if state.result is not None:
        return result_text(state, state.result)
    lines = [
        _title(state.board),
        text("daily.shape", min_length=DAILY_RULES.min_length),
        f"```\n{board_grid(state.board.board)}\n```",
        time_left_text(state.attempt.deadline, now),
        text("daily.how"),
        "",
        _guesses_text(state),
    ]
    return fit("\n".join(lines), CONTENT_LIMIT)


def time_left_text(deadline: float, now: float) -> str:
    """The time left as of ``now``, and the end as a timestamp Discord counts down live."""
    left = max(0, math.ceil(deadline - now))
    return text(
        "daily.time_left", minutes=left // 60, seconds=f"{left % 60:02d}", end=int(deadline)
    )


def _guesses_text(state: DailyState) -> str:
    if not state.guesses:
        return text("daily.no_words_yet")
    accepted = [g for g in state.guesses if g.verdict is Verdict.ACCEPTED]
    head = text("daily.so_far", words=plural(len(accepted), "word"), points=pts(state.points))
    refused = [g for g in state.guesses if g.verdict is not Verdict.ACCEPTED]
    lines = [
        verdict_text(g.word, g.verdict, g.points, DAILY_RULES.min_length)
        for g in [*accepted, *refused[-5:]]
    ]
    body, _ = pack(lines, CONTENT_LIMIT - 900, sep="\n")
    return f"{head}\n{body}"


def result_text(state: DailyState, result: DailyResult) -> str:
    """The finished attempt: words, points, share of the maximum, streak, the missed words."""
    summary = result.summary
    accepted = [g for g in state.guesses if g.verdict is Verdict.ACCEPTED]
    found = sorted(accepted, key=lambda g: (-g.points, g.word))
    lines = [
        text("daily.result_title", number=summary.number, lang=language_name(summary.language)),
        f"```\n{board_grid(state.board.board)}\n```",
        text(
            "daily.result_figures",
            words=plural(summary.words, "word"),
            points=pts(summary.points),
            percent=summary.percent,
            max_points=pts(summary.max_points),
        ),
        text("daily.streak", current=result.streak.current, longest=result.streak.longest),
    ]
    if result.flagged:
        lines += ["", text("daily.flagged", **rule_figures())]
    if found:
        words, _ = pack([f"{escape(g.word)} ({g.points})" for g in found], 500)
        lines += ["", text("daily.found", words=words)]
    if result.missed:
        missed, _ = pack([f"{w} ({p})" for w, p in result.missed], 500)
        lines += ["", text("daily.missed", total=result.missed_total, words=missed)]
    lines += ["", text("daily.share_hint")]
    return fit("\n".join(lines), CONTENT_LIMIT)


def share_text(summary: ShareSummary, name: str) -> str:
    """What the Share button posts: figures only, never a word of the board."""
    return text(
        "daily.shared",
        name=clean_name(name),
        number=summary.number,
        lang=language_name(summary.language),
        words=plural(summary.words, "word"),
        points=pts(summary.points),
        percent=summary.percent,
        streak=summary.streak,
    )


def too_late_text() -> str:
    return text("daily.too_late")


def end_of_day_text(
    board: DailyBoard,
    ranking: Sequence[DailyRanked],
    missed: Sequence[str],
) -> str:
    """A server's post after its day ended: the board, its ranking, the longest and best words
    nobody there found."""
    lines = [
        text("daily.post_title", number=board.number, lang=language_name(board.language)),
        f"```\n{board_grid(board.board)}\n```",
        text("daily.post_ranking"),
    ]
    for row in ranking[:RANKING_SHOWN]:
        name = row.display_name or fallback_name(row.player_id)
        lines.append(
            text(
                "daily.post_line",
                marker=marker(row.rank),
                name=clean_name(name),
                points=pts(row.points),
                words=plural(row.words, "word"),
                percent=row.points * 100 // row.max_points if row.max_points else 0,
            )
        )
    if len(ranking) > RANKING_SHOWN:
        lines.append(text("daily.post_more", more=plural(len(ranking) - RANKING_SHOWN, "player")))
    longest = sorted(missed, key=lambda w: (-len(w), w))
    best = sorted(missed, key=lambda w: (-DAILY_RULES.points(w), -len(w), w))[:MISSED_POSTED]
    if longest:
        lines.append(text("daily.post_longest", word=longest[0], letters=len(longest[0])))
        words, _ = pack([f"{w} ({DAILY_RULES.points(w)})" for w in best], 600)
        lines.append(text("daily.post_best", words=words, total=len(missed)))
    else:
        lines.append(text("daily.post_all_found"))
    return fit("\n".join(lines), CONTENT_LIMIT)
