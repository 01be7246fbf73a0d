"""The page's messages as types mypy checks: the envelope every message shares, the kit's own
messages (``welcome``, ``pong``, ``error``) and the parts two features' messages share (a board,
a judged word). Each feature types its own messages beside its page side
(``bot/<feature>/web``); docs/activity.md ("Messages from the bot") is their contract."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

# Any message the page receives: a JSON object whose ``type`` names it (a TypedDict of a feature).
Message = Mapping[str, object]
# A message the page sends, decoded: a JSON object whose ``type`` picks its handler.
Incoming = Mapping[str, Any]


class BoardJson(TypedDict):
    rows: int
    cols: int
    faces: list[str]
    language: str  # the board's: the page capitalises its faces and words by it (Turkish "İ")


class RulesJson(TypedDict):
    mode: str
    min_length: int


class FoundJson(TypedDict):
    """A word the player found so far (a round's or a daily attempt's)."""

    word: str
    shown: str  # as the dictionary spells it ("été")
    points: int | None  # None while not certain (classic mode, before the end)
    verdict: str


class PathWordJson(TypedDict):
    """A word of the results, with its path on the board (tap to see it)."""

    word: str
    shown: str
    path: list[int]


class VerdictJson(TypedDict):
    type: Literal["verdict", "daily_verdict"]
    word: str
    shown: str
    verdict: str
    points: int | None
    reason: str | None  # why it was refused, in the player's words
    path: list[int] | None  # as traced, shown back


class YouJson(TypedDict):
    id: str
    name: str


class Welcome(TypedDict):
    type: Literal["welcome"]
    you: YouJson
    channel_id: str
    language: str
    strings: dict[str, str]


class ErrorJson(TypedDict):
    type: Literal["error"]
    message: str


class Pong(TypedDict):
    type: Literal["pong"]
    now: float
