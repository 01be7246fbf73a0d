"""Every stored row as a typed record, for copying a database from one engine to another.

A record's fields are its table's columns, by name and in order, so an engine needs nothing but
``TABLES`` to read or write any of them. ``TABLES`` is in copy order: a row's parent comes first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Any, NamedTuple

from bot.kernel.model import DailyAttempt, StoredRound, StoredTournament


class LoggedGuess(NamedTuple):
    """A row of the guess log."""

    id: int
    round_id: int
    player_id: int
    word: str
    verdict: str
    points: int
    at: float


class FoundWord(NamedTuple):
    """An accepted word; ``id`` keeps the acceptance order."""

    id: int
    round_id: int
    player_id: int
    word: str
    at: float


class PlayerResult(NamedTuple):
    """A player's result in a finished round."""

    round_id: int
    guild_id: int
    player_id: int
    points: int
    words: int
    rank: int
    cancelled: int
    ended_at: float | None
    max_points: int | None  # the board's best possible score (None: not kept then)
    longest_word: str | None  # the longest word that scored for the player
    won: int  # 1: first place (ties too) with points, among two or more players
    team_share: float | None = None  # co-op: the team's share of the board's points (else None)


class Standing(NamedTuple):
    """A player's running totals in a guild."""

    guild_id: int
    user_id: int
    points: int
    rounds: int
    words: int
    wins: int
    best: int  # the most points in one round
    longest_word: str | None
    share_sum: float  # sum over rounds of points / the board's maximum
    share_rounds: int  # the rounds in share_sum (those whose maximum is known)
    coop_rounds: int = 0  # co-op rounds: kept apart from the competitive figures above
    coop_points: int = 0  # points found for the team in them
    coop_best: float | None = None  # the best team share of the board's points


class PlayerName(NamedTuple):
    """A player's display name in a guild."""

    guild_id: int
    user_id: int
    display_name: str
    updated_at: float


class ServerDefaults(NamedTuple):
    """A server's defaults for new rounds (NULL: the bot's own)."""

    guild_id: int
    size: int | None
    dice: str | None
    seconds: int | None
    mode: str | None
    min_length: int | None
    timezone: str | None
    hints: int
    language: str
    dictionary: str
    daily_channel: int | None  # set on its own, never by saving the defaults
    timer: str | None = None
    quiet_seconds: int | None = None
    battles: int = 0  # 1: takes part in server battles (set on its own, as the names)
    battle_name: str | None = None
    guild_name: str | None = None


class RoundChannel(NamedTuple):
    """A channel where a server's rounds may start."""

    guild_id: int
    channel_id: int


class BannedWord(NamedTuple):
    """A word a server does not accept."""

    guild_id: int
    word: str


class LoggedDailyGuess(NamedTuple):
    """A guess of a daily attempt, accepted or refused, with its seconds from the opening."""

    id: int
    attempt_id: int
    word: str
    verdict: str
    points: int
    elapsed: float


class DailyPost(NamedTuple):
    """The end-of-day post of a server's date in a language: taken, and when it went out."""

    guild_id: int
    day: str
    language: str
    claimed_at: float
    posted_at: float | None


class BattleDay(NamedTuple):
    """A server's day in a language: its best five's points added up, its fair attempts."""

    guild_id: int
    language: str
    day: str
    week: str
    points: int
    players: int


class BattleWeek(NamedTuple):
    """A server's week in a language: its days' points added up."""

    guild_id: int
    language: str
    week: str
    points: int


class TournamentEntrant(NamedTuple):
    """A player signed up for a tournament, and when (the last tie-break)."""

    tournament_id: int
    user_id: int
    joined_at: float


class TournamentRound(NamedTuple):
    """A round a tournament opened, and when it was due."""

    tournament_id: int
    number: int
    round_id: int
    due_at: float


class TournamentScore(NamedTuple):
    """What a round of a tournament gave one entrant (``core.tournament.RoundScore``)."""

    tournament_id: int
    number: int
    user_id: int
    points: int
    words: int
    longest_word: str | None
    best_word: str | None
    best_points: int
    finished: float | None


class TournamentPlace(NamedTuple):
    """An entrant's final place in a finished tournament."""

    tournament_id: int
    guild_id: int
    user_id: int
    place: int
    points: int
    best_word: str | None
    ended_at: float


class TournamentSettings(NamedTuple):
    """A server's tournament organisers' role (None: Manage Server only)."""

    guild_id: int
    organiser_role: int | None


class SeasonSettings(NamedTuple):
    """A server's seasons: their length, the recap's channel and the champion's role."""

    guild_id: int
    length: str
    announce_channel: int | None
    champion_role: int | None


class ArchivedSeason(NamedTuple):
    """A finished season of a server, and whether its recap went out."""

    guild_id: int
    number: int
    name: str
    starts_at: float
    ends_at: float
    champion_id: int | None
    archived_at: float
    recap_posted_at: float | None


class SeasonPlace(NamedTuple):
    """A player's archived line of a season."""

    guild_id: int
    number: int
    user_id: int
    place: int
    points: int
    words: int
    rounds: int
    wins: int
    longest_word: str | None
    best_round: int


class EarnedAchievement(NamedTuple):
    """A tier of an achievement a player earned in a server."""

    guild_id: int
    user_id: int
    code: str
    tier: int
    earned_at: float


Record = (
    StoredRound
    | LoggedGuess
    | FoundWord
    | PlayerResult
    | Standing
    | PlayerName
    | ServerDefaults
    | RoundChannel
    | BannedWord
    | DailyAttempt
    | LoggedDailyGuess
    | DailyPost
    | StoredTournament
    | TournamentEntrant
    | TournamentRound
    | TournamentScore
    | TournamentPlace
    | TournamentSettings
    | BattleDay
    | BattleWeek
    | SeasonSettings
    | ArchivedSeason
    | SeasonPlace
    | EarnedAchievement
)
RecordType = (
    type[StoredRound]
    | type[LoggedGuess]
    | type[FoundWord]
    | type[PlayerResult]
    | type[Standing]
    | type[PlayerName]
    | type[ServerDefaults]
    | type[RoundChannel]
    | type[BannedWord]
    | type[DailyAttempt]
    | type[LoggedDailyGuess]
    | type[DailyPost]
    | type[StoredTournament]
    | type[TournamentEntrant]
    | type[TournamentRound]
    | type[TournamentScore]
    | type[TournamentPlace]
    | type[TournamentSettings]
    | type[BattleDay]
    | type[BattleWeek]
    | type[SeasonSettings]
    | type[ArchivedSeason]
    | type[SeasonPlace]
    | type[EarnedAchievement]
)


@dataclasses.dataclass(frozen=True)
class Table:
    """Where a record type is stored: its table, and the columns that order (and key) it."""

    name: str
    record: RecordType
    key: tuple[str, ...]
    identity: bool  # an ``id`` the database numbers: to be moved past copied ids

    @property
    def columns(self) -> tuple[str, ...]:
        if dataclasses.is_dataclass(self.record):
            return tuple(f.name for f in dataclasses.fields(self.record))
        return tuple(self.record._fields)

    def select_sql(self) -> str:
        """Every row, in key order (standard SQL: the same on every engine)."""
        return f"SELECT {', '.join(self.columns)} FROM {self.name} ORDER BY {', '.join(self.key)}"

    def insert_sql(self, marks: Sequence[str]) -> str:
        """One row with its own ids; ``marks`` are the engine's placeholders, one a column."""
        return f"INSERT INTO {self.name} ({', '.join(self.columns)}) VALUES ({', '.join(marks)})"


TABLES = (
    Table("rounds", StoredRound, ("id",), identity=True),
    Table("guesses", LoggedGuess, ("id",), identity=True),
    Table("found_words", FoundWord, ("id",), identity=True),
    Table("round_results", PlayerResult, ("round_id", "player_id"), identity=False),
    Table("standings", Standing, ("guild_id", "user_id"), identity=False),
    Table("players", PlayerName, ("guild_id", "user_id"), identity=False),
    Table("server_settings", ServerDefaults, ("guild_id",), identity=False),
    Table("round_channels", RoundChannel, ("guild_id", "channel_id"), identity=False),
    Table("banned_words", BannedWord, ("guild_id", "word"), identity=False),
    Table("daily_attempts", DailyAttempt, ("id",), identity=True),
    Table("daily_guesses", LoggedDailyGuess, ("id",), identity=True),
    Table("daily_posts", DailyPost, ("guild_id", "day", "language"), identity=False),
    Table("tournaments", StoredTournament, ("id",), identity=True),
    Table("tournament_entrants", TournamentEntrant, ("tournament_id", "user_id"), identity=False),
    Table("tournament_rounds", TournamentRound, ("tournament_id", "number"), identity=False),
    Table(
        "tournament_scores", TournamentScore, ("tournament_id", "number", "user_id"), identity=False
    ),
    Table("tournament_places", TournamentPlace, ("tournament_id", "user_id"), identity=False),
    Table("tournament_settings", TournamentSettings, ("guild_id",), identity=False),
    Table("battle_days", BattleDay, ("guild_id", "language", "day"), identity=False),
    Table("battle_weeks", BattleWeek, ("guild_id", "language", "week"), identity=False),
    Table("season_settings", SeasonSettings, ("guild_id",), identity=False),
    Table("seasons", ArchivedSeason, ("guild_id", "number"), identity=False),
    Table("season_places", SeasonPlace, ("guild_id", "number", "user_id"), identity=False),
    Table(
        "achievements", EarnedAchievement, ("guild_id", "user_id", "code", "tier"), identity=False
    ),
)
EXPORT_BATCH = 5000  # records a batch: a big database is copied in bounded memory


def table_of(record: Record) -> Table:
    """The table a record belongs to."""
    for table in TABLES:
        if isinstance(record, table.record):
            return table
    raise TypeError(f"not a stored record: {type(record).__name__}")


def values_of(record: Record) -> tuple[object, ...]:
    """The record's column values, in ``Table.columns`` order (enums as their text)."""
    values = dataclasses.astuple(record) if dataclasses.is_dataclass(record) else tuple(record)
    return tuple(
        v.value if isinstance(v, Enum) else int(v) if isinstance(v, bool) else v for v in values
    )


def record_from(table: Table, values: Sequence[Any]) -> Record:
    """A record read back from its table's columns, in ``Table.columns`` order."""
    if (
        table.record is StoredRound
        or table.record is DailyAttempt
        or table.record is StoredTournament
    ):
        return table.record.from_columns(dict(zip(table.columns, values, strict=True)))
    return table.record(*values)
