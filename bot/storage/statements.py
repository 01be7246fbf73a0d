"""The statements both engines run as they are: standard SQL with ``?`` parameters (PostgreSQL's
engine numbers them ``$1, $2, ...``). What an engine says in its own words stays in its package.
"""

from __future__ import annotations

from bot.kernel.model import RECENT_ROUNDS, Measure
from bot.storage.records import TABLES, PlayerResult, ServerDefaults, Table

ROUND_COLUMNS = ", ".join(TABLES[0].columns)  # every field of StoredRound, by name
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
_RESULTS = next(t for t in TABLES if t.record is PlayerResult)
INSERT_RESULT_SQL = _RESULTS.insert_sql(["?"] * len(_RESULTS.columns))
# The all-time figures move with each result: sums, the best round, the longest word (ties:
# alphabetical first) and the sum of shares of the maximum (rounds whose maximum is known).
ADD_TO_STANDINGS_SQL = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words, wins, best, longest_word,"
    " share_sum, share_rounds) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?)"
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
# A co-op result adds to the words found and the co-op record only (never points, rounds, wins).
ADD_COOP_TO_STANDINGS_SQL = (
    "INSERT INTO standings (guild_id, user_id, points, rounds, words, wins, best, longest_word,"
    " share_sum, share_rounds, coop_rounds, coop_points, coop_best)"
    " VALUES (?, ?, 0, 0, ?, 0, 0, NULL, 0, 0, 1, ?, ?)"
    " ON CONFLICT (guild_id, user_id) DO UPDATE SET words = standings.words + excluded.words,"
    " coop_rounds = standings.coop_rounds + 1,"
    " coop_points = standings.coop_points + excluded.coop_points,"
    " coop_best = CASE WHEN standings.coop_best IS NULL OR excluded.coop_best > standings.coop_best"
    " THEN excluded.coop_best ELSE standings.coop_best END"
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


# A server's settings: one row of defaults, its round channels, its banned words.
_DEFAULTS = next(t for t in TABLES if t.record is ServerDefaults)
# The daily channel is a setting of its own (set_daily_channel): saving the defaults keeps it.
# The daily channel and the battle entry are set on their own (``daily.py``, ``battles.py``).
_APART = ("daily_channel", "battles", "battle_name", "guild_name")
_DEFAULT_FIELDS = tuple(c for c in _DEFAULTS.columns[1:] if c not in _APART)
SERVER_DEFAULTS_SQL = (
    f"SELECT {', '.join(_DEFAULT_FIELDS)}, daily_channel FROM server_settings WHERE guild_id = ?"
)
SAVE_DEFAULTS_SQL = (
    f"INSERT INTO server_settings (guild_id, {', '.join(_DEFAULT_FIELDS)})"
    f" VALUES ({', '.join('?' * (1 + len(_DEFAULT_FIELDS)))})"
    " ON CONFLICT (guild_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _DEFAULT_FIELDS)
)
GUILD_TIMEZONE_SQL = "SELECT timezone FROM server_settings WHERE guild_id = ?"
SERVER_LOCALE_SQL = "SELECT timezone, language FROM server_settings WHERE guild_id = ?"
ROUND_CHANNELS_SQL = "SELECT channel_id FROM round_channels WHERE guild_id = ?"
ADD_ROUND_CHANNEL_SQL = (
    "INSERT INTO round_channels (guild_id, channel_id) VALUES (?, ?)"
    " ON CONFLICT (guild_id, channel_id) DO NOTHING"
)
REMOVE_ROUND_CHANNEL_SQL = "DELETE FROM round_channels WHERE guild_id = ? AND channel_id = ?"
CLEAR_ROUND_CHANNELS_SQL = "DELETE FROM round_channels WHERE guild_id = ?"
BANNED_WORDS_SQL = "SELECT word FROM banned_words WHERE guild_id = ?"
COUNT_BANNED_SQL = "SELECT COUNT(*) AS n FROM banned_words WHERE guild_id = ?"
BAN_WORD_SQL = (
    "INSERT INTO banned_words (guild_id, word) VALUES (?, ?)"
    " ON CONFLICT (guild_id, word) DO NOTHING"
)
UNBAN_WORD_SQL = "DELETE FROM banned_words WHERE guild_id = ? AND word = ?"


def names_sql(count: int) -> str:
    """The kept names of ``count`` players of a guild."""
    marks = ", ".join("?" * count)
    return f"SELECT user_id, display_name FROM players WHERE guild_id = ? AND user_id IN ({marks})"


def count_sql(table: Table) -> str:
    return f"SELECT COUNT(*) AS n FROM {table.name}"


def delete_all_sql(table: Table) -> str:
    return f"DELETE FROM {table.name}"


# --- leaderboards over a period, and a player's statistics (issue 10) ---------------------------

_SHARE = "CASE WHEN max_points > 0 THEN CAST(points AS DOUBLE PRECISION) / max_points END"
# Each measure's figure per player: over a period from round_results (the covering index
# round_results_by_period), all time from the standings kept with every result.
_PERIOD_FIGURES = {
    Measure.POINTS: "SUM(points)",
    Measure.WINS: "SUM(won)",
    Measure.WORDS: "SUM(words)",
    Measure.BEST_ROUND: "MAX(points)",
    Measure.SHARE: f"AVG({_SHARE})",
}
_ALL_TIME_FIGURES = {
    Measure.POINTS: "points",
    Measure.WINS: "wins",
    Measure.WORDS: "words",
    Measure.BEST_ROUND: "best",
    Measure.SHARE: "CASE WHEN share_rounds > 0 THEN share_sum / share_rounds END",
}
_NO_WORD = "CAST(NULL AS TEXT) AS word"
# The longest word over a period in one pass: the least of "(100 - length)word" is the longest
# word, alphabetical first among equals (words are under 90 letters: two digits).
_LONGEST_KEY = "MIN(CAST(100 - LENGTH(longest_word) AS TEXT) || longest_word)"
_PERIOD_LONGEST = (
    "SELECT user_id, 100 - CAST(SUBSTR(longest, 1, 2) AS INTEGER) AS figure,"
    " SUBSTR(longest, 3) AS word FROM (SELECT player_id AS user_id,"
    f" {_LONGEST_KEY} AS longest FROM round_results"
    " WHERE guild_id = ? AND ended_at >= ? AND ended_at < ? AND longest_word IS NOT NULL"
    " GROUP BY player_id) AS firsts"
)
# Competition ranks (1, 1, 3) by the figure; a page is a range of positions, and the caller's
# row comes with it wherever it is, and the first (for the total past the last page).
# Parameters after the figures': guild, first, last, caller.
_RANKED = """
WITH figures AS ({figures}),
ranked AS (
    SELECT user_id, figure, word,
           RANK() OVER (ORDER BY figure DESC) AS rank,
           ROW_NUMBER() OVER (ORDER BY figure DESC, word, user_id) AS position,
           COUNT(*) OVER () AS total
    FROM figures WHERE figure IS NOT NULL
)
SELECT r.rank, r.position, r.total, r.user_id, p.display_name, r.figure, r.word
FROM ranked AS r LEFT JOIN players AS p ON p.guild_id = ? AND p.user_id = r.user_id
WHERE (r.position > ? AND r.position <= ?) OR r.user_id = ? OR r.position = 1
ORDER BY r.position
"""


def leaderboard_sql(measure: Measure, over_period: bool) -> str:
    """A page of a measure's ranking: parameters guild[, since, until], guild, first, last,
    caller. A period has both ends: with one, SQLite (without STAT4) guesses the range wide and
    walks the whole guild by player instead."""
    if measure is Measure.DAILY:
        # A day counts once, by its best fair attempt in any language: playing the board in
        # four languages must not be worth four times one.
        period = " AND started_at >= ? AND started_at < ?" if over_period else ""
        figures = (
            f"SELECT user_id, SUM(best) AS figure, {_NO_WORD} FROM (SELECT player_id AS user_id,"
            " MAX(points) AS best FROM daily_attempts"
            f" WHERE guild_id = ? AND finished_at IS NOT NULL AND flagged = 0{period}"
            " GROUP BY player_id, day) AS days GROUP BY user_id"
        )
    elif measure is Measure.TOURNAMENT_WINS:
        period = " AND ended_at >= ? AND ended_at < ?" if over_period else ""
        figures = (
            f"SELECT user_id, COUNT(*) AS figure, {_NO_WORD} FROM tournament_places"
            f" WHERE guild_id = ? AND place = 1{period} GROUP BY user_id"
        )
    elif measure is Measure.LONGEST_WORD:
        figures = (
            _PERIOD_LONGEST
            if over_period
            else "SELECT user_id, LENGTH(longest_word) AS figure, longest_word AS word"
            " FROM standings WHERE guild_id = ?"
        )
    elif over_period:
        # Co-op results (team_share set) add to the words found, never to a competitive figure.
        competitive = "" if measure is Measure.WORDS else " AND team_share IS NULL"
        figures = (
            f"SELECT player_id AS user_id, {_PERIOD_FIGURES[measure]} AS figure, {_NO_WORD}"
            " FROM round_results WHERE guild_id = ? AND ended_at >= ? AND ended_at < ?"
            f"{competitive} GROUP BY player_id"
        )
    else:
        competitive = "" if measure is Measure.WORDS else " AND rounds > 0"
        figures = (
            f"SELECT user_id, {_ALL_TIME_FIGURES[measure]} AS figure, {_NO_WORD}"
            f" FROM standings WHERE guild_id = ?{competitive}"
        )
    return _RANKED.format(figures=figures)


STATS_TOTALS_SQL = (
    "SELECT points, rounds, words, wins, best, longest_word, share_sum, share_rounds,"
    " coop_rounds, coop_points, coop_best FROM standings WHERE guild_id = ? AND user_id = ?"
)
_HISTORY = (
    "FROM round_results AS h JOIN rounds AS r ON r.id = h.round_id"
    " WHERE h.guild_id = ? AND h.player_id = ?"
)
STATS_BEST_ROUND_SQL = (
    f"SELECT r.board, r.size, h.points {_HISTORY} ORDER BY h.points DESC, h.ended_at LIMIT 1"
)
STATS_FAVOURITE_SIZE_SQL = (
    f"SELECT r.size, COUNT(*) AS n {_HISTORY} GROUP BY r.size ORDER BY n DESC, r.size LIMIT 1"
)
# Per mode; the share of the maximum over all rounds and over the mode's latest ten.
STATS_MODES_SQL = f"""
SELECT mode, COUNT(*) AS rounds, SUM(won) AS wins, SUM(points) AS points,
       AVG(share) AS share, AVG(CASE WHEN n <= {RECENT_ROUNDS} THEN share END) AS recent_share
FROM (SELECT r.mode, h.won, h.points,
             CASE WHEN h.max_points > 0
                  THEN CAST(h.points AS DOUBLE PRECISION) / h.max_points END AS share,
             ROW_NUMBER() OVER (PARTITION BY r.mode ORDER BY h.ended_at DESC, h.round_id DESC) AS n
      {_HISTORY} AND r.mode <> 'coop') AS history
GROUP BY mode ORDER BY rounds DESC, mode
"""
