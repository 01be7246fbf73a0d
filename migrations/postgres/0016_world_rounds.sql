-- The world's round (issue 38), as migrations/sqlite/0016_world_rounds.sql: one live board for
-- every server at once. The host's secret seeds every board (made on first use when
-- BOGGLE_WORLD_SECRET is unset); a server's world channel; each round once opened (its boards
-- owed) and once closed (its ranks stored, its results owed); a player's one entry a round,
-- wherever they play, and the words it found.

CREATE TABLE world_secret (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT    NOT NULL
);

CREATE TABLE world_channels (
    guild_id   BIGINT  PRIMARY KEY,
    channel_id BIGINT  NOT NULL,
    language   TEXT    NOT NULL,
    set_at     DOUBLE PRECISION NOT NULL
);

CREATE TABLE world_rounds (
    language  TEXT    NOT NULL,
    number    BIGINT  NOT NULL,
    posted_at DOUBLE PRECISION,                  -- its boards owed to the world channels (once)
    closed_at DOUBLE PRECISION,                  -- NULL: still taking words
    players   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (language, number)
);

CREATE TABLE world_entries (
    language   TEXT    NOT NULL,
    number     BIGINT  NOT NULL,
    player_id  BIGINT  NOT NULL,
    guild_id   BIGINT,                 -- where the player joined (NULL: a DM or the page alone)
    channel_id BIGINT  NOT NULL,
    joined_at  DOUBLE PRECISION NOT NULL,
    name       TEXT    NOT NULL,
    points     INTEGER NOT NULL DEFAULT 0,
    words      INTEGER NOT NULL DEFAULT 0,
    last_at    DOUBLE PRECISION NOT NULL DEFAULT 0,  -- seconds after the opening, the last word
    rank       INTEGER,                -- set by the round's close (NULL: no point, or not closed)
    PRIMARY KEY (language, number, player_id)
);

CREATE INDEX world_entries_player ON world_entries (player_id, number);

CREATE TABLE world_words (
    language  TEXT    NOT NULL,
    number    BIGINT  NOT NULL,
    player_id BIGINT  NOT NULL,
    word      TEXT    NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (language, number, player_id, word)
);
