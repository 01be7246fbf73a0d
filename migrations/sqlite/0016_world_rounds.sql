-- The world's round (issue 38): one live board for every server at once. The host's secret
-- seeds every board (made on first use when BOGGLE_WORLD_SECRET is unset); a server's world
-- channel; each round once opened (its boards owed) and once closed (its ranks stored, its
-- results owed); a player's one entry a round, wherever they play, and the words it found.

CREATE TABLE world_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT    NOT NULL
);

CREATE TABLE world_channels (
    guild_id   INTEGER PRIMARY KEY,
    channel_id INTEGER NOT NULL,
    language   TEXT    NOT NULL,
    set_at     REAL    NOT NULL
);

CREATE TABLE world_rounds (
    language  TEXT    NOT NULL,
    number    INTEGER NOT NULL,
    posted_at REAL,                    -- its boards owed to the world channels (once)
    closed_at REAL,                    -- NULL: still taking words
    players   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (language, number)
);

CREATE TABLE world_entries (
    language   TEXT    NOT NULL,
    number     INTEGER NOT NULL,
    player_id  INTEGER NOT NULL,
    guild_id   INTEGER,                -- where the player joined (NULL: a DM or the page alone)
    channel_id INTEGER NOT NULL,
    joined_at  REAL    NOT NULL,
    name       TEXT    NOT NULL,       -- the name the player had where they joined
    points     INTEGER NOT NULL DEFAULT 0,
    words      INTEGER NOT NULL DEFAULT 0,
    last_at    REAL    NOT NULL DEFAULT 0,  -- seconds after the opening of the last word found
    rank       INTEGER,                -- set by the round's close (NULL: no point, or not closed)
    PRIMARY KEY (language, number, player_id)
);

CREATE INDEX world_entries_player ON world_entries (player_id, number);

CREATE TABLE world_words (
    language  TEXT    NOT NULL,
    number    INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    word      TEXT    NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (language, number, player_id, word)
);
