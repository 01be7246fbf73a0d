"""The messages the page receives, as types mypy checks: the contract of docs/activity.md
("Messages from the bot"). Every builder (``bot.web.payloads``) and every sender returns or
sends one of these; a field added here is a field added there."""

from __future__ import annotations

from typing import Literal, TypedDict


class BoardJson(TypedDict):
    rows: int
    cols: int
    faces: list[str]


class RulesJson(TypedDict):
    mode: str
    min_length: int


class FoundJson(TypedDict):
    """A word the player found so far (a round's or a daily attempt's)."""

    word: str
    shown: str  # as the dictionary spells it ("été")
    points: int | None  # None while not certain (classic mode, before the end)
    verdict: str


class ScoreJson(TypedDict):
    id: str
    name: str
    rank: int  # equal standings share a place
    words: int
    points: int | None
    shown: str  # the count as the page writes it ("3 words", "5 pts")
    you: bool


class PathWordJson(TypedDict):
    """A word of the results, with its path on the board (tap to see it)."""

    word: str
    shown: str
    path: list[int]


class CreditedJson(PathWordJson):
    points: int
    shared: bool  # classic: found by another player too, so it scores for nobody


class ScoredWordJson(PathWordJson):
    points: int


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


class YouJson(TypedDict):
    id: str
    name: str


class Welcome(TypedDict):
    type: Literal["welcome"]
    you: YouJson
    channel_id: str
    language: str
    strings: dict[str, str]


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


class VerdictJson(TypedDict):
    type: Literal["verdict", "daily_verdict"]
    word: str
    shown: str
    verdict: str
    points: int | None
    reason: str | None  # why it was refused, in the player's words
    path: list[int] | None  # as traced, shown back


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


class SenseJson(TypedDict):
    pos: str  # the part of speech in the word's language, "" when the source gives none
    gloss: str


class ReadingJson(TypedDict):
    lemma: str
    form: str | None  # "plural of goose", in the word's language; None: the word's own entry
    senses: list[SenseJson]


class DefinitionJson(TypedDict):
    """A word tapped in the results, defined (``define``)."""

    type: Literal["definition"]
    word: str  # as asked (the page matches on it)
    shown: str
    language: str
    readings: list[ReadingJson]
    note: str | None  # why there is no reading (valid without a definition, not a word)


class EarnedJson(TypedDict):
    """An achievement's tier the player just earned, in the player's words."""

    code: str  # the achievement (``core.achievements``), e.g. "first_word"
    tier: int  # the tier's threshold (50 for "words found in all: 50"; 1 for a single tier)
    name: str  # "Wordsmith I"
    what: str  # what it asks: "Words found in all: 50"


class AchievementsJson(TypedDict):
    """The achievements the player earned in a round, told at its end (none: not sent)."""

    type: Literal["achievements"]
    round_id: int  # the results they belong beside
    earned: list[EarnedJson]


class StandingJson(TypedDict):
    """A player's line of the server's standings (a season's or all time's)."""

    id: str
    name: str
    rank: int  # equal standings share a place
    points: int
    shown: str  # "12 pts"
    you: bool


class BoardStandingsJson(TypedDict):
    title: str  # "Season 2026-03", "All time", in the player's words
    rows: list[StandingJson]  # the top, then the player's own line when it is not in it
    players: int  # everyone ranked


class StandingsJson(TypedDict):
    """The server's standings: the current season's beside all time's (asked by the page)."""

    type: Literal["standings"]
    season: BoardStandingsJson | None  # None: the server has seasons off
    all_time: BoardStandingsJson


class ErrorJson(TypedDict):
    type: Literal["error"]
    message: str


class Pong(TypedDict):
    type: Literal["pong"]
    now: float


Message = (
    Welcome
    | RoundState
    | Scoreboard
    | VerdictJson
    | RoundResults
    | NoRound
    | DailyJson
    | DailyResultJson
    | DefinitionJson
    | AchievementsJson
    | StandingsJson
    | ErrorJson
    | Pong
)
