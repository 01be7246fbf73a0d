"""The SQLite statements that need more than a line, and rows mapped to the project's types by
column name."""

from __future__ import annotations

import sqlite3
from typing import Any

from core.round import Mode

from ..model import AcceptedWord, LeaderboardEntry, RoundState, StoredRound

ROUND_COLUMNS = (
    "id, guild_id, channel_id, starter_id, board, dice, size, mode, min_length, started_at, "
    "deadline, state, ended_at, board_message_id, status_message_id, results_posted_at, seconds"
)
# Both read only the running rows, through the partial indexes on rounds.
RUNNING_ROUND_SQL = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND state = 'running'"
UNFINISHED_ROUNDS_SQL = (
    f"SELECT {ROUND_COLUMNS} FROM rounds WHERE state = 'running' ORDER BY deadline, id"
)
UNPOSTED_RESULTS_SQL = (
    f"SELECT {ROUND_COLUMNS} FROM rounds"
    " WHERE state = 'finished' AND results_posted_at IS NULL ORDER BY ended_at, id"
)
INSERT_ROUND_SQL = (
    "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode, min_length,"
    " started_at, deadline, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
# Up to N guesses of the finished rounds in an id range (after, last] that ended before a time.
PRUNE_STEP_SQL = (
    "DELETE FROM guesses WHERE id IN (SELECT g.id FROM rounds AS r"
    " JOIN guesses AS g ON g.round_id = r.id WHERE r.id > ? AND r.id <= ?"
    " AND r.state = 'finished' AND r.ended_at < ? LIMIT ?)"
)
INSERT_RESULT_SQL = (
    "INSERT INTO round_results (round_id, guild_id, player_id, points, words, rank, cancelled,"
    " ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
ADD_TO_STANDINGS_SQL = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words) VALUES (?, ?, ?, 1, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET points = points + excluded.points,"
    " rounds = rounds + 1, words = words + excluded.words"
)
UPSERT_NAME_SQL = (
    "INSERT INTO players (guild_id, user_id, display_name, updated_at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET"
    " display_name = excluded.display_name, updated_at = excluded.updated_at"
)
# Rank by counting the players above (competition ranking: 1, 1, 3). Both the rows and each
# count are ranges of standings_leaderboard, read in its order: no sort, LIMIT stops early.
_STANDINGS_SELECT = """
    SELECT 1 + (SELECT COUNT(*) FROM standings AS o
                WHERE o.guild_id = s.guild_id AND o.points > s.points) AS rank,
           s.user_id, p.display_name, s.points, s.rounds, s.words
    FROM standings AS s
    LEFT JOIN players AS p ON p.guild_id = s.guild_id AND p.user_id = s.user_id
"""
LEADERBOARD_SQL = (
    f"{_STANDINGS_SELECT} WHERE s.guild_id = ? ORDER BY s.points DESC, s.user_id LIMIT ?"
)
STANDING_SQL = f"{_STANDINGS_SELECT} WHERE s.guild_id = ? AND s.user_id = ?"


def _by_name(row: sqlite3.Row) -> dict[str, Any]:
    """A row as keyword arguments: every statement above names its columns as the fields of the
    type it is read into."""
    return {key: row[key] for key in row.keys()}  # noqa: SIM118 (iterating a Row gives values)


def stored_round(row: sqlite3.Row) -> StoredRound:
    values = _by_name(row)
    return StoredRound(
        **values | {"mode": Mode(values["mode"]), "state": RoundState(values["state"])}
    )


def accepted_word(row: sqlite3.Row) -> AcceptedWord:
    return AcceptedWord(**_by_name(row))


def leaderboard_entry(row: sqlite3.Row) -> LeaderboardEntry:
    return LeaderboardEntry(**_by_name(row))
