"""Where each record is stored: its table, the columns that key it, and the order a copy
takes (``TABLES``: a row's parent comes first); a record's fields are its table's columns, by name
and in order, so an engine needs nothing but ``TABLES`` to read or write any of them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Any

from bot.storage.records import (
    BannedWord,
    BattleDay,
    BattleWeek,
    DailyAttemptRow,
    DailyPost,
    EarnedAchievement,
    FoundWord,
    LoggedDailyGuess,
    LoggedGuess,
    OutboxRow,
    PlayerName,
    PlayerResult,
    Record,
    RoundChannel,
    RoundRow,
    SeasonPlace,
    SeasonRow,
    SeasonSettingsRow,
    ServerDefaults,
    Standing,
    TournamentEntrant,
    TournamentPlace,
    TournamentRound,
    TournamentRow,
    TournamentScore,
    TournamentSettings,
)
from bot.storage.world_records import (
    WorldChannelRow,
    WorldEntryRow,
    WorldRoundRow,
    WorldSecretRow,
    WorldWordRow,
)

RecordType = type[Record]


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
    Table("rounds", RoundRow, ("id",), identity=True),
    Table("guesses", LoggedGuess, ("id",), identity=True),
    Table("found_words", FoundWord, ("id",), identity=True),
    Table("round_results", PlayerResult, ("round_id", "player_id"), identity=False),
    Table("standings", Standing, ("guild_id", "user_id"), identity=False),
    Table("players", PlayerName, ("guild_id", "user_id"), identity=False),
    Table("server_settings", ServerDefaults, ("guild_id",), identity=False),
    Table("round_channels", RoundChannel, ("guild_id", "channel_id"), identity=False),
    Table("banned_words", BannedWord, ("guild_id", "word"), identity=False),
    Table("daily_attempts", DailyAttemptRow, ("id",), identity=True),
    Table("daily_guesses", LoggedDailyGuess, ("id",), identity=True),
    Table("daily_posts", DailyPost, ("guild_id", "day", "language"), identity=False),
    Table("tournaments", TournamentRow, ("id",), identity=True),
    Table("tournament_entrants", TournamentEntrant, ("tournament_id", "user_id"), identity=False),
    Table("tournament_rounds", TournamentRound, ("tournament_id", "number"), identity=False),
    Table(
        "tournament_scores", TournamentScore, ("tournament_id", "number", "user_id"), identity=False
    ),
    Table("tournament_places", TournamentPlace, ("tournament_id", "user_id"), identity=False),
    Table("tournament_settings", TournamentSettings, ("guild_id",), identity=False),
    Table("battle_days", BattleDay, ("guild_id", "language", "day"), identity=False),
    Table("battle_weeks", BattleWeek, ("guild_id", "language", "week"), identity=False),
    Table("season_settings", SeasonSettingsRow, ("guild_id",), identity=False),
    Table("seasons", SeasonRow, ("guild_id", "number"), identity=False),
    Table("season_places", SeasonPlace, ("guild_id", "number", "user_id"), identity=False),
    Table(
        "achievements", EarnedAchievement, ("guild_id", "user_id", "code", "tier"), identity=False
    ),
    Table("outbox", OutboxRow, ("id",), identity=True),
    Table("world_secret", WorldSecretRow, ("id",), identity=False),
    Table("world_channels", WorldChannelRow, ("guild_id",), identity=False),
    Table("world_rounds", WorldRoundRow, ("language", "number"), identity=False),
    Table("world_entries", WorldEntryRow, ("language", "number", "player_id"), identity=False),
    Table("world_words", WorldWordRow, ("language", "number", "player_id", "word"), identity=False),
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
    return table.record(*values)


def column_list(name: str) -> str:
    """Every column of the table called ``name``, comma-separated, in order (a SELECT's list)."""
    return ", ".join(table(name).columns)


def table(name: str) -> Table:
    """The table called ``name``."""
    return next(t for t in TABLES if t.name == name)
