"""The world round's messages to the page, as types mypy checks (docs/activity.md:
``world_offer``, ``world``, ``world_verdict``, ``world_wait``, ``world_results``)."""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.web.messages import BoardJson, FoundJson, PathWordJson, RulesJson


class WorldOfferJson(TypedDict):
    """The lobby's button, offered in every channel."""

    type: Literal["world_offer"]
    label: str


class WorldJson(TypedDict):
    """The world round open now, as the player plays it."""

    type: Literal["world"]
    number: int
    title: str
    board: BoardJson
    rules: RulesJson
    deadline: float  # its close
    now: float
    words: list[FoundJson]
    yours: str  # "You: 3 words · 12 pts"
    language: str


class WorldVerdictJson(TypedDict):
    type: Literal["world_verdict"]
    word: str
    shown: str
    verdict: str
    points: int | None
    reason: str | None
    path: list[int] | None
    yours: str


class WorldWaitJson(TypedDict):
    """Between rounds: when the next opens."""

    type: Literal["world_wait"]
    opens_at: float
    now: float
    next: str  # "Next round in {time}": the page writes the time left as m:ss
    language: str


class ScoredWordJson(PathWordJson):
    points: int


class SharedWordJson(PathWordJson):
    share: str  # "0.3 %": the share of the round's players who found it


class WorldRowJson(TypedDict):
    rank: int
    name: str
    shown: str  # "12 pts"
    you: bool


class WorldResultsJson(TypedDict):
    """A closed round as ``/world`` shows it privately, with the player's server's place."""

    type: Literal["world_results"]
    number: int
    title: str
    board: BoardJson
    top_title: str
    top: list[WorldRowJson]
    you: str  # "You: #57 of 3,912 · top 2 % · 12 pts", or that they scored nothing
    server: str | None  # the server's place among the round's servers
    nobody: str | None  # nobody scored
    words: list[ScoredWordJson]  # the player's, best first
    rarest_title: str
    rarest: list[SharedWordJson]
    opens_at: float
    now: float
    next: str
    language: str


Message = WorldOfferJson | WorldJson | WorldVerdictJson | WorldWaitJson | WorldResultsJson
