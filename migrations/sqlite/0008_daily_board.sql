-- The daily board (issue 12): one attempt per player, language and date, its guesses with their
-- time from the board's opening (fair play reads them), the server's channel for the end-of-day
-- post and a marker that the post of a (server, date, language) went out.

-- One attempt; UNIQUE decides between two processes or a restart: a second start of the same
-- (player, language, date) finds the first. The deadline is started_at + seconds, never kept
-- elsewhere. points/words/finished_at are NULL until the attempt is finished.
CREATE TABLE daily_attempts (
    id          INTEGER PRIMARY KEY,
    player_id   INTEGER NOT NULL,
    language    TEXT    NOT NULL,
    day         TEXT    NOT NULL,  -- the local date where it was opened, YYYY-MM-DD
    day_number  INTEGER NOT NULL,
    guild_id    INTEGER,           -- NULL: a DM or a user install
    channel_id  INTEGER NOT NULL,
    board       TEXT    NOT NULL,
    max_points  INTEGER NOT NULL,
    seconds     INTEGER NOT NULL CHECK (seconds > 0),
    started_at  REAL    NOT NULL,
    finished_at REAL,
    points      INTEGER,
    words       INTEGER,
    flagged     INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
    UNIQUE (player_id, language, day),
    CHECK ((finished_at IS NULL) = (points IS NULL) AND (points IS NULL) = (words IS NULL))
);

-- A server's day in one language (the ranking and the end-of-day post).
CREATE INDEX daily_attempts_by_day ON daily_attempts (guild_id, language, day);
-- A server's ranked attempts in a period, read from the index alone (the daily leaderboard).
CREATE INDEX daily_attempts_by_period ON daily_attempts
    (guild_id, started_at, player_id, points, flagged, finished_at);
-- Attempts to finish or resume after a restart.
CREATE INDEX daily_attempts_unfinished ON daily_attempts (started_at) WHERE finished_at IS NULL;

-- Every guess of an attempt, accepted or refused, with its seconds from the opening.
CREATE TABLE daily_guesses (
    id         INTEGER PRIMARY KEY,
    attempt_id INTEGER NOT NULL REFERENCES daily_attempts (id) ON DELETE CASCADE,
    word       TEXT    NOT NULL,
    verdict    TEXT    NOT NULL,
    points     INTEGER NOT NULL DEFAULT 0,
    elapsed    REAL    NOT NULL
);

CREATE INDEX daily_guesses_by_attempt ON daily_guesses (attempt_id, id);
-- A word is accepted once in an attempt (a retried call counts once).
CREATE UNIQUE INDEX daily_words_once ON daily_guesses (attempt_id, word) WHERE verdict = 'accepted';

-- The end-of-day post of a server's date in a language: taken by one process (claimed_at), done
-- once it reached the channel (posted_at).
CREATE TABLE daily_posts (
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL,
    language   TEXT    NOT NULL,
    claimed_at REAL    NOT NULL,
    posted_at  REAL,
    PRIMARY KEY (guild_id, day, language)
) WITHOUT ROWID;

-- Where the server's end-of-day post goes; NULL: no post.
ALTER TABLE server_settings ADD COLUMN daily_channel INTEGER;
