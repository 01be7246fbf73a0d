-- Tournaments (issue 26): rounds back to back in one channel, for those who signed up. The
-- tournament row is its state machine (signup -> running -> finished, or cancelled); each round
-- it opened, each entrant's score in each round, and the final places (for /stats and
-- /leaderboard) are rows of their own. A round of a tournament keeps its entrants (only their
-- words count), so a restart judges it the same.

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    organiser_id  INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    format        TEXT    NOT NULL CHECK (format IN ('series', 'knockout')),
    rounds        INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 20),
    break_seconds INTEGER NOT NULL CHECK (break_seconds >= 0),
    starts_at     REAL,              -- NULL: when the organiser starts it
    size          INTEGER NOT NULL,
    dice          TEXT    NOT NULL,
    seconds       INTEGER NOT NULL,
    mode          TEXT    NOT NULL,
    min_length    INTEGER NOT NULL,
    language      TEXT    NOT NULL,
    dictionary    TEXT    NOT NULL,
    state         TEXT    NOT NULL DEFAULT 'signup'
                          CHECK (state IN ('signup', 'running', 'finished', 'cancelled')),
    played        INTEGER NOT NULL DEFAULT 0,  -- rounds whose scores are added
    announced     INTEGER NOT NULL DEFAULT 0,  -- rounds whose standings (or podium) went out
    next_at       REAL,              -- running: when the next round is due
    opening_at    REAL,              -- a round is being opened since then (NULL: none)
    round_id      INTEGER,           -- the round being played (NULL between rounds)
    signup_message_id INTEGER,
    event_id      INTEGER,           -- the Discord scheduled event (NULL: none)
    created_at    REAL    NOT NULL,
    ended_at      REAL
);

-- The tournaments a process still has work for; at most one open tournament per channel.
CREATE INDEX tournaments_active ON tournaments (state) WHERE state IN ('signup', 'running');
CREATE UNIQUE INDEX tournaments_open_per_channel ON tournaments (channel_id)
    WHERE state IN ('signup', 'running');

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    round_id      INTEGER NOT NULL REFERENCES rounds (id),
    due_at        REAL    NOT NULL,  -- when it was due (a late start says by how much)
    PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;

CREATE TABLE tournament_scores (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    words         INTEGER NOT NULL,
    longest_word  TEXT,
    best_word     TEXT,
    best_points   INTEGER NOT NULL,
    finished      REAL,              -- seconds to the last word that scored (NULL: none)
    PRIMARY KEY (tournament_id, number, user_id)
) WITHOUT ROWID;

CREATE TABLE tournament_places (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    guild_id      INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    best_word     TEXT,
    ended_at      REAL    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
) WITHOUT ROWID;

CREATE INDEX tournament_places_by_player ON tournament_places (guild_id, user_id, place);

-- Who may organise tournaments in a server besides those with Manage Server.
CREATE TABLE tournament_settings (
    guild_id       INTEGER PRIMARY KEY,
    organiser_role INTEGER
) WITHOUT ROWID;

-- A tournament round's entrants, space-separated ids (NULL: everyone's words count).
ALTER TABLE rounds ADD COLUMN entrants TEXT;
