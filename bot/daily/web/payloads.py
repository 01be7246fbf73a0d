"""The JSON the page receives for a player's daily attempt (docs/activity.md): its board, its
verdicts and its result, built from DailyService's state and the catalogue."""

from __future__ import annotations

from bot.daily.service import DailyResult, DailyState
from bot.daily.web.messages import DailyJson, DailyResultJson
from bot.i18n.catalogue import count, text
from bot.i18n.languages import language_name
from bot.web.messages import VerdictJson
from bot.web.payloads import board, judged_word
from core.daily import DAILY_RULES
from core.round import Judgement, Verdict


def daily(state: DailyState, now: float, language: str) -> DailyJson:
    """The player's running daily attempt: its board, deadline and accepted words so far."""
    board_of = state.board
    return {
        "type": "daily",
        "attempt_id": state.attempt.id,
        "title": _daily_title("web.daily_title", state, language),
        "board": board(board_of.board, board_of.language),
        "rules": {"mode": DAILY_RULES.mode.value, "min_length": DAILY_RULES.min_length},
        "deadline": state.attempt.deadline,
        "now": now,
        "words": [
            {
                "word": g.word,
                "shown": state.spelled(g.word),
                "points": g.points,
                "verdict": g.verdict.value,
            }
            for g in state.guesses
            if g.verdict is Verdict.ACCEPTED
        ],
        "language": state.attempt.language,
    }


def daily_verdict(
    state: DailyState, judged: Judgement, language: str, path: list[int] | None
) -> VerdictJson:
    shown = state.spelled(judged.word)
    return judged_word("daily_verdict", judged, shown, judged.points, language, path)


def daily_result(state: DailyState, result: DailyResult, language: str) -> DailyResultJson:
    """The finished attempt as the service scored it: figures, streak, the fair-play note when
    flagged, the words found (best first) and the missed words most common first, with paths."""
    summary, paths = result.summary, state.board.words
    found = sorted(
        (g for g in state.guesses if g.verdict is Verdict.ACCEPTED),
        key=lambda g: (-g.points, g.word),
    )
    return {
        "type": "daily_result",
        "attempt_id": state.attempt.id,
        "title": _daily_title("web.daily_result", state, language),
        "board": board(state.board.board, state.board.language),
        "figures": text(
            "web.daily_figures",
            language,
            words=count(summary.words, "units.word", language),
            points=count(summary.points, "units.pt", language),
            percent=summary.percent,
            max_points=count(summary.max_points, "units.pt", language),
        ),
        "streak": text(
            "web.daily_streak",
            language,
            current=result.streak.current,
            longest=result.streak.longest,
        ),
        "flagged": text("web.daily_flagged", language) if result.flagged else None,
        "words": [
            {
                "word": g.word,
                "shown": state.spelled(g.word),
                "points": g.points,
                "path": list(paths.get(g.word, ())),
            }
            for g in found
        ],
        "missed": [
            {"word": w, "shown": state.spelled(w), "points": p, "path": list(paths.get(w, ()))}
            for w, p in result.missed
        ],
        "missed_total": result.missed_total,
        "language": state.attempt.language,
    }


def _daily_title(key: str, state: DailyState, language: str) -> str:
    return text(key, language, number=state.board.number, lang=language_name(state.board.language))
