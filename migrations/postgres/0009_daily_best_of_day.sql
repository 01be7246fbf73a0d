-- The daily leaderboard measure counts each day once, by a player's best fair attempt of that day
-- in any language (several languages must not multiply a day): the period's index carries the
-- day too, so the ranking still reads the index alone.

DROP INDEX daily_attempts_by_period;
CREATE INDEX daily_attempts_by_period ON daily_attempts
    (guild_id, started_at, player_id, day, points, flagged, finished_at);
