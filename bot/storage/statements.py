"""The statements both engines run as they are: standard SQL with ``?`` parameters (PostgreSQL's
engine numbers them ``$1, $2, ...``). What an engine says in its own words stays in its package.
"""

from __future__ import annotations

from .records import TABLES, PlayerResult, Table

ROUND_COLUMNS = ", ".join(TABLES[0].columns)  # every field of StoredRound, by name
# The partial unique index decides, even between processes: no id back means the channel is busy.
INSERT_ROUND_SQL = (
    "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode, min_length,"
    " started_at, deadline, seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (channel_id) WHERE state = 'running' DO NOTHING RETURNING id"
)
GET_ROUND_SQL = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = ?"
# Both read only the running rows, through the partial indexes on rounds.
RUNNING_ROUND_SQL = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND state = 'running'"
UNFINISHED_ROUNDS_SQL = (
    f"SELECT {ROUND_COLUMNS} FROM rounds WHERE state = 'running' ORDER BY deadline, id"
)
UNPOSTED_RESULTS_SQL = (
    f"SELECT {ROUND_COLUMNS} FROM rounds"
    " WHERE state = 'finished' AND results_posted_at IS NULL ORDER BY ended_at, id"
)
SET_DEADLINE_SQL = "UPDATE rounds SET deadline = ? WHERE id = ? AND state = 'running'"
SET_MESSAGES_SQL = (
    "UPDATE rounds SET board_message_id = COALESCE(?, board_message_id),"
    " status_message_id = COALESCE(?, status_message_id) WHERE id = ?"
)
MARK_POSTED_SQL = (
    "UPDATE rounds SET results_posted_at = ? WHERE id = ? AND results_posted_at IS NULL"
)
INSERT_GUESS_SQL = (
    "INSERT INTO guesses (round_id, player_id, word, verdict, points, at) VALUES (?, ?, ?, ?, ?, ?)"
)
# DO NOTHING: a word already accepted (a retried batch, a replay) counts once.
INSERT_FOUND_SQL = (
    "INSERT INTO found_words (round_id, player_id, word, at) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (round_id, player_id, word) DO NOTHING"
)
ACCEPTED_WORDS_SQL = "SELECT player_id, word, at FROM found_words WHERE round_id = ? ORDER BY id"
# Finished rounds after an id, in id order: the walk of a prune.
PRUNABLE_ROUNDS_SQL = (
    "SELECT id FROM rounds WHERE id > ? AND state = 'finished' AND ended_at < ? ORDER BY id LIMIT ?"
)
# Up to N guesses of the finished rounds in an id range (after, last] that ended before a time.
PRUNE_STEP_SQL = (
    "DELETE FROM guesses WHERE id IN (SELECT g.id FROM rounds AS r"
    " JOIN guesses AS g ON g.round_id = r.id WHERE r.id > ? AND r.id <= ?"
    " AND r.state = 'finished' AND r.ended_at < ? LIMIT ?)"
)
ROUND_STATE_SQL = "SELECT guild_id, state FROM rounds WHERE id = ?"
FINISH_SQL = "UPDATE rounds SET state = 'finished', ended_at = ? WHERE id = ?"
_RESULTS = next(t for t in TABLES if t.record is PlayerResult)
INSERT_RESULT_SQL = _RESULTS.insert_sql(["?"] * len(_RESULTS.columns))
ADD_TO_STANDINGS_SQL = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words) VALUES (?, ?, ?, 1, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET points = standings.points + excluded.points,"
    " rounds = standings.rounds + 1, words = standings.words + excluded.words"
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


def names_sql(count: int) -> str:
    """The kept names of ``count`` players of a guild."""
    marks = ", ".join("?" * count)
    return f"SELECT user_id, display_name FROM players WHERE guild_id = ? AND user_id IN ({marks})"


def count_sql(table: Table) -> str:
    return f"SELECT COUNT(*) AS n FROM {table.name}"


def delete_all_sql(table: Table) -> str:
    return f"DELETE FROM {table.name}"
