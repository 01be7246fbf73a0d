"""The daily board's messages to the page, as types mypy checks (docs/activity.md: ``daily``,
``daily_verdict``, ``daily_result``)."""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.web.messages import BoardJson, FoundJson, PathWordJson, RulesJson, VerdictJson


class ScoredWordJson(PathWordJson):
    points: int


class DailyJson(TypedDict):
    type: Literal["daily"]
    attempt_id: int
    title: str
    board: BoardJson
    rules: RulesJson
    deadline: float
    now: float
    words: list[FoundJson]
    language: str


class DailyResultJson(TypedDict):
    type: Literal["daily_result"]
    attempt_id: int
    title: str
    board: BoardJson
    figures: str
    streak: str
    flagged: str | None
    words: list[ScoredWordJson]
    missed: list[ScoredWordJson]
    missed_total: int
    language: str


Message = DailyJson | VerdictJson | DailyResultJson
