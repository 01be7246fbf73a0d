"""The project's types that storage speaks, whatever the engine: no rows, no engine types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Any, NamedTuple

from bot.i18n.languages import DEFAULT_DICTIONARY, DEFAULT_LANGUAGE
from core.round import Mode, Verdict
from core.rules import Timer
from core.tournament import Format


class RoundState(StrEnum):
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True)
class StoredRound:
    """A round as stored; ``board`` is the rows form that ``Board.parse`` reads back."""

    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    board: str
    dice: str
    size: int
    mode: Mode
    min_length: int
    started_at: float
    deadline: float  # moved by a stop; ``seconds`` keeps the length chosen
    state: RoundState = RoundState.RUNNING
    ended_at: float | None = None
    board_message_id: int | None = None
    status_message_id: int | None = None
    results_posted_at: float | None = None  # None: the results have not reached the channel
    seconds: int | None = None  # the round's length as chosen at its start
    excluded: str = ""  # the server's banned words this board holds, space-separated
    hints: bool = False  # the board shows the words starting at each die
    language: str = DEFAULT_LANGUAGE  # the round's messages (and, once wired, its words)
    dictionary: str = DEFAULT_DICTIONARY  # "full" or "everyday"
    entrants: str | None = None  # a tournament round's entrants, space-separated ids
    timer: Timer = Timer.STANDARD  # how its deadline moves (bonus, untimed: stored as it moves)
    quiet_seconds: int | None = None  # untimed: it ends this long after its last new word

    @property
    def running(self) -> bool:
        return self.state is RoundState.RUNNING

    @property
    def entrant_ids(self) -> frozenset[int] | None:
        """Whose words count (a tournament round); None: everyone's."""
        return None if self.entrants is None else frozenset(map(int, self.entrants.split()))

    @property
    def excluded_words(self) -> frozenset[str]:
        """The words that did not count in this round, as the server's list was at its start."""
        return frozenset(self.excluded.split())

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> StoredRound:
        """A round from its row read by column name (every engine names them as the fields)."""
        values = dict(columns)
        return cls(
            **values
            | {
                "mode": Mode(values["mode"]),
                "state": RoundState(values["state"]),
                "hints": bool(values["hints"]),
                "timer": Timer(values.get("timer", Timer.STANDARD)),
            }
        )


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings: defaults for a new round (None: the bot's own), the channels where
    rounds may start (empty: anywhere) and the words it does not accept."""

    size: int | None = None
    dice: str | None = None
    seconds: int | None = None
    mode: Mode | None = None
    min_length: int | None = None
    timezone: str | None = None  # an IANA name; None: UTC
    hints: bool = False
    language: str = DEFAULT_LANGUAGE  # the server's messages, and its rounds' by default
    dictionary: str = DEFAULT_DICTIONARY  # its rounds' by default
    channels: frozenset[int] = frozenset()
    banned: frozenset[str] = frozenset()
    daily_channel: int | None = None  # where the end-of-day post goes; None: no post
    timer: Timer | None = None  # its rounds' timer (None: standard)
    quiet_seconds: int | None = None  # its untimed rounds' quiet spell (None: the bot's)


class GuessRow(NamedTuple):
    """One judged guess, as the guess writer hands it to storage."""

    round_id: int
    player_id: int
    word: str
    verdict: Verdict
    points: int
    at: float


class AcceptedWord(NamedTuple):
    """A word accepted in a round: what a round is scored from and rebuilt from."""

    player_id: int
    word: str
    at: float


@dataclass(frozen=True)
class LeaderboardEntry:
    """A player's standing in a guild; equal points share a rank (1, 1, 3)."""

    rank: int
    user_id: int
    display_name: str | None  # None when the bot never learnt a name
    points: int
    rounds: int
    words: int


class Measure(StrEnum):
    """What a leaderboard ranks players by."""

    POINTS = "points"
    WINS = "wins"
    WORDS = "words"
    BEST_ROUND = "best_round"
    LONGEST_WORD = "longest_word"
    SHARE = "share"
    DAILY = "daily"  # daily board points: each day's best fair attempt in the server, any language
    TOURNAMENT_WINS = "tournament_wins"  # tournaments finished in first place


@dataclass(frozen=True)
class RankedPlayer:
    """A player's place on a leaderboard: ``rank`` shared by equal figures (1, 1, 3),
    ``position`` their line (1, 2, 3); ``word`` the longest word for that measure."""

    rank: int
    position: int
    user_id: int
    display_name: str | None
    figure: float  # an int for every measure but the share (0.0-1.0)
    word: str | None = None


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a leaderboard, the caller's own line (None: not ranked) and how many are."""

    rows: tuple[RankedPlayer, ...]
    own: RankedPlayer | None
    total: int


RECENT_ROUNDS = 10  # /stats compares the share of the maximum in this many latest rounds


@dataclass(frozen=True)
class ModeStats:
    """A player's rounds in one mode; shares None when no round's maximum is known."""

    mode: Mode
    rounds: int
    wins: int
    points: int
    share: float | None
    recent_share: float | None


@dataclass(frozen=True)
class CoopRecord:
    """A player's co-op rounds: how many, the points they found for their teams, the best share
    of a board's points a team of theirs found."""

    rounds: int
    points: int
    best_share: float


@dataclass(frozen=True)
class PlayerStats:
    """Everything ``/stats`` shows of one player in one guild."""

    rounds: int
    wins: int
    points: int
    words: int
    longest_word: str | None
    best_points: int
    best_board: str  # rows form, as StoredRound.board
    favourite_size: int
    share: float | None
    modes: tuple[ModeStats, ...]
    coop: CoopRecord | None = None  # co-op rounds, kept apart from the competitive figures


# --- the daily board (issue 12) -------------------------------------------------------------


@dataclass(frozen=True)
class DailyAttempt:
    """A player's attempt at a day's board; ``day`` is the local date (ISO) where it was opened,
    its deadline ``started_at + seconds``; points, words and finished_at are None until it is
    finished. A flagged result is kept but counts in no ranking, leaderboard or streak."""

    id: int
    player_id: int
    language: str
    day: str
    day_number: int
    guild_id: int | None  # None: a DM or a user install
    channel_id: int
    board: str  # rows form, as StoredRound.board
    max_points: int
    seconds: int
    started_at: float
    finished_at: float | None = None
    points: int | None = None
    words: int | None = None
    flagged: bool = False

    @property
    def date(self) -> date:
        return date.fromisoformat(self.day)

    @property
    def deadline(self) -> float:
        return self.started_at + self.seconds

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    def time_left(self, now: float) -> float:
        """Seconds the player still has at ``now`` (0 once over): from the stored start, so a
        restart changes nothing."""
        return 0.0 if self.finished else max(0.0, self.deadline - now)

    @property
    def share(self) -> float | None:
        """Points as a share of the board's maximum (None before the finish or on a board worth
        nothing)."""
        return (
            self.points / self.max_points if self.points is not None and self.max_points else None
        )

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> DailyAttempt:
        values = dict(columns)
        return cls(**values | {"flagged": bool(values["flagged"])})


class DailyStart(NamedTuple):
    """What ``start_daily`` found: the attempt, and whether it existed already (a refusal for a
    second attempt, or the one in progress to resume)."""

    attempt: DailyAttempt
    existed: bool


class DailyGuess(NamedTuple):
    """A judged guess of a daily attempt; ``elapsed`` is seconds from the board's opening."""

    word: str
    verdict: Verdict
    points: int
    elapsed: float


@dataclass(frozen=True)
class DailyRanked:
    """A player's place on a server's day in one language; equal points share a rank."""

    rank: int
    player_id: int
    display_name: str | None
    points: int
    words: int
    max_points: int


class DailyChannel(NamedTuple):
    """A server with a channel for its end-of-day post, and its time zone (None: UTC)."""

    guild_id: int
    channel_id: int
    timezone: str | None


# --- tournaments (issue 26) ------------------------------------------------------------------


class TournamentState(StrEnum):
    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class StoredTournament:
    """A tournament as stored: its settings, its rounds' options, and where it stands."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: Format
    rounds: int
    break_seconds: int
    starts_at: float | None  # None: when the organiser starts it
    size: int
    dice: str
    seconds: int
    mode: Mode
    min_length: int
    language: str
    dictionary: str
    state: TournamentState
    played: int  # rounds whose scores are added
    announced: int  # rounds whose standings (the last: the podium) went out
    next_at: float | None  # running: when the next round is due
    opening_at: float | None  # a round is being opened since then
    round_id: int | None  # the round being played
    signup_message_id: int | None
    event_id: int | None  # the Discord scheduled event
    created_at: float
    ended_at: float | None = None

    @property
    def open(self) -> bool:
        return self.state in (TournamentState.SIGNUP, TournamentState.RUNNING)

    @classmethod
    def from_columns(cls, columns: Mapping[str, Any]) -> StoredTournament:
        values = dict(columns)
        return cls(
            **values
            | {
                "format": Format(values["format"]),
                "mode": Mode(values["mode"]),
                "state": TournamentState(values["state"]),
            }
        )


@dataclass(frozen=True)
class TournamentRecord:
    """A player's tournaments in a guild, for /stats."""

    played: int
    won: int
    podiums: int
