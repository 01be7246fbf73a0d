"""The standings' types: leaderboards (what they rank by, their pages and lines) and a player's
figures for ``/stats``."""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from core.round import Mode


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
class LeaderboardQuery:
    """A page of a server's leaderboard: page ``page`` (from 0, ``page_size`` lines) of its players
    ranked by ``measure`` over the results that ended from ``since`` to before ``until`` (since
    None: all time), and ``user_id``'s own line."""

    guild_id: int
    measure: Measure
    since: float | None
    page: int
    user_id: int
    page_size: int
    until: float = math.inf


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
