-- Server battles on the daily board (issue 26): a server takes part once it opts in, under the
-- name it set (NULL: its own name as last seen, guild_name). Each server's day in a language is
-- kept as its best five's points added up (battle_days; the score is that over five), each week
-- (Monday to Sunday, week = its Monday) as its days added up (battle_weeks): one table for the
-- whole bot, refreshed by SQL from daily_attempts as attempts finish, read by index.

ALTER TABLE server_settings ADD COLUMN battles INTEGER NOT NULL DEFAULT 0 CHECK (battles IN (0, 1));
ALTER TABLE server_settings ADD COLUMN battle_name TEXT;
ALTER TABLE server_settings ADD COLUMN guild_name TEXT;

CREATE TABLE battle_days (
    guild_id BIGINT  NOT NULL,
    language TEXT    NOT NULL,
    day      TEXT    NOT NULL,  -- YYYY-MM-DD, the daily board's date
    week     TEXT    NOT NULL,  -- the Monday of day's week
    points   INTEGER NOT NULL,  -- the best five fair attempts' points added up
    players  INTEGER NOT NULL,  -- the fair attempts that day
    PRIMARY KEY (guild_id, language, day)
);

-- A day's table (the end-of-day post's place), best first.
CREATE INDEX battle_days_table ON battle_days (language, day, points DESC, guild_id);
-- A server's week, added up from its days.
CREATE INDEX battle_days_week ON battle_days (guild_id, language, week);

CREATE TABLE battle_weeks (
    guild_id BIGINT  NOT NULL,
    language TEXT    NOT NULL,
    week     TEXT    NOT NULL,
    points   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, language, week)
);

-- A week's table, best first: its top ten and a server's place read from the index.
CREATE INDEX battle_weeks_table ON battle_weeks (language, week, points DESC, guild_id);

-- The attempts finished before this migration, every server's (opting in shows them).
INSERT INTO battle_days (guild_id, language, day, week, points, players)
SELECT guild_id, language, day, to_char(date_trunc('week', day::date), 'YYYY-MM-DD'),
       SUM(CASE WHEN place <= 5 THEN points ELSE 0 END), COUNT(*)
FROM (
    SELECT guild_id, language, day, points,
           ROW_NUMBER() OVER (PARTITION BY guild_id, language, day ORDER BY points DESC) AS place
    FROM daily_attempts
    WHERE guild_id IS NOT NULL AND finished_at IS NOT NULL AND flagged = 0
) AS ranked
GROUP BY guild_id, language, day;

INSERT INTO battle_weeks (guild_id, language, week, points)
SELECT guild_id, language, week, SUM(points) FROM battle_days GROUP BY guild_id, language, week;
