"""The standings' statements: standard SQL with ``?`` parameters (PostgreSQL's engine numbers
them ``$1, $2, ...``), run as they are by both engines: leaderboards all time (from the standings
each finish adds to, ``bot/rounds/statements.py``) and over a period, and a player's statistics.
"""

from __future__ import annotations

from bot.standings.model import RECENT_ROUNDS, Measure

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
