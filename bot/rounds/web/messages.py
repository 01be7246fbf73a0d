"""The rounds' messages to the page, as types mypy checks (docs/activity.md: ``round``,
``scoreboard``, ``verdict``, ``results``, ``no_round``)."""

from __future__ import annotations

from typing import Literal, TypedDict

from bot.web.messages import BoardJson, FoundJson, PathWordJson, RulesJson, VerdictJson


class ScoreJson(TypedDict):
    id: str
    name: str
    rank: int  # equal standings share a place
    words: int
    points: int | None
    shown: str  # the count as the page writes it ("3 words", "5 pts")
    you: bool


class CreditedJson(PathWordJson):
    points: int
    shared: bool  # classic: found by another player too, so it scores for nobody


class RankedJson(TypedDict):
    id: str
    name: str
    rank: int
    points: int
    shown: str
    you: bool
    words: list[CreditedJson]
    contribution: str | None  # co-op: words found for the team, share of its points


class TeamResultJson(TypedDict):
    """A co-op round's team at the end: its share of the board's points and its medal."""

    shown: str  # the whole line, in the player's words
    medal: str | None  # "bronze", "silver", "gold", "every_word"; None below bronze
    percent: int


class RefusedJson(TypedDict):
    word: str
    shown: str  # "xq (not a word)", in the player's language


class RoundState(TypedDict):
    type: Literal["round"]
    round_id: int
    board: BoardJson
    rules: RulesJson
    deadline: float
    now: float
    words: list[FoundJson]
    scoreboard: list[ScoreJson]
    players: int  # everyone with an accepted word; the scoreboard shows the top and you
    language: str
    timer: str  # "standard", "bonus" (the deadline moves: see scoreboard) or "untimed"
    clock_note: str | None  # how a bonus or untimed round's clock runs, in the player's words
    team: str | None  # co-op: the team's share and next target, in the player's words


class Scoreboard(TypedDict):
    type: Literal["scoreboard"]
    scoreboard: list[ScoreJson]
    deadline: float  # a bonus or untimed round's moved deadline
    team: str | None
    players: int


class RoundResults(TypedDict):
    type: Literal["results"]
    round_id: int
    board: BoardJson
    ranking: list[RankedJson]  # the top, then the player's own entry when it is not in it
    players: int  # everyone ranked
    refused: list[RefusedJson]  # the player's refused words, when none of theirs counted
    missed: list[PathWordJson]
    can_play_again: bool
    language: str  # the round's, the words' (asked back with ``define``)
    team: TeamResultJson | None  # co-op only


class NoRound(TypedDict):
    type: Literal["no_round"]
    can_start: bool


Message = RoundState | Scoreboard | VerdictJson | RoundResults | NoRound
