"""The rounds' statements: standard SQL with ``?`` parameters (PostgreSQL's engine numbers them
``$1, $2, ...``), run as they are by both engines. The finish writes the results and adds them to
the standings here, in the rounds' transaction; the standings' reads are theirs.
"""

from __future__ import annotations

from bot.storage.tables import column_list, table

ROUND_COLUMNS = column_list("rounds")  # every field of StoredRound, by name
# The partial unique index decides, even between processes: no id back means the channel is busy.
INSERT_ROUND_SQL = (
    "INSERT INTO rounds (guild_id, channel_id, starter_id, board, dice, size, mode, min_length,"
    " started_at, deadline, seconds, excluded, hints, language, dictionary, entrants, timer,"
    " quiet_seconds)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (channel_id) WHERE state = 'running' DO NOTHING RETURNING id"
)
GET_ROUND_SQL = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE id = ?"
# Both read only the running rows, through the partial indexes on rounds.
RUNNING_ROUND_SQL = f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND state = 'running'"
# Through rounds_by_channel, newest first: the first finished row ends the read.
LAST_FINISHED_ROUND_SQL = (
    f"SELECT {ROUND_COLUMNS} FROM rounds WHERE channel_id = ? AND state = 'finished'"
    " ORDER BY id DESC LIMIT 1"
)
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
# One player's refused guesses in a round, in order (their own result, "My result").
REFUSED_GUESSES_SQL = (
    "SELECT word, verdict FROM guesses WHERE round_id = ? AND player_id = ? AND verdict <> 'accepted'"
    " ORDER BY id"
)
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
ROUND_STATE_SQL = "SELECT guild_id, state, mode FROM rounds WHERE id = ?"
FINISH_SQL = "UPDATE rounds SET state = 'finished', ended_at = ? WHERE id = ?"
_RESULTS = table("round_results")
INSERT_RESULT_SQL = _RESULTS.insert_sql(["?"] * len(_RESULTS.columns))
# The all-time figures move with each result: sums, the best round, the longest word (ties:
# alphabetical first) and the sum of shares of the maximum (rounds whose maximum is known).
_ADD_TO_STANDINGS = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words, wins, best, longest_word,"
    " share_sum, share_rounds) VALUES {rows}"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET points = standings.points + excluded.points,"
    " rounds = standings.rounds + 1, words = standings.words + excluded.words,"
    " wins = standings.wins + excluded.wins,"
    " best = CASE WHEN excluded.best > standings.best THEN excluded.best ELSE standings.best END,"
    " longest_word = CASE WHEN standings.longest_word IS NULL"
    " OR LENGTH(excluded.longest_word) > LENGTH(standings.longest_word)"
    " OR (LENGTH(excluded.longest_word) = LENGTH(standings.longest_word)"
    " AND excluded.longest_word < standings.longest_word)"
    " THEN excluded.longest_word ELSE standings.longest_word END,"
    " share_sum = standings.share_sum + excluded.share_sum,"
    " share_rounds = standings.share_rounds + excluded.share_rounds"
)
_STANDING_ROW = "(?, ?, ?, 1, ?, ?, ?, ?, ?, ?)"
# A co-op result adds to the words found and the co-op record only (never points, rounds, wins).
_ADD_COOP_TO_STANDINGS = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words, wins, best, longest_word,"
    " share_sum, share_rounds, coop_rounds, coop_points, coop_best)"
    " VALUES {rows}"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET words = standings.words + excluded.words,"
    " coop_rounds = standings.coop_rounds + 1,"
    " coop_points = standings.coop_points + excluded.coop_points,"
    " coop_best = CASE WHEN standings.coop_best IS NULL OR excluded.coop_best > standings.coop_best"
    " THEN excluded.coop_best ELSE standings.coop_best END"
)
_COOP_STANDING_ROW = "(?, ?, 0, 0, ?, 0, 0, NULL, 0, 0, 1, ?, ?)"
# What the finish reads back of each standing it moved (the achievements' totals): no extra read.
_STANDINGS_NOW = " RETURNING user_id, words, rounds, wins, best, longest_word"
# Players' standings moved a statement at a time: 9 parameters a player, far under either
# engine's limit (SQLite 32,766, PostgreSQL 32,767).
STANDINGS_BATCH = 500


def add_to_standings_sql(count: int, coop: bool = False) -> str:
    """``count`` players' results added to their standings at once, each standing as it now is
    returned."""
    template, row = (
        (_ADD_COOP_TO_STANDINGS, _COOP_STANDING_ROW) if coop else (_ADD_TO_STANDINGS, _STANDING_ROW)
    )
    return template.format(rows=", ".join([row] * count)) + _STANDINGS_NOW
