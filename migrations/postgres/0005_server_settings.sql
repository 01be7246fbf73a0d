-- Per-server settings (issue 10), as migrations/sqlite/0005_server_settings.sql: defaults for
-- /boggle start, the channels where rounds may start, and the words the server does not accept.
-- A NULL default means "the bot's own".

CREATE TABLE server_settings (
    guild_id   BIGINT  NOT NULL PRIMARY KEY,
    size       INTEGER CHECK (size BETWEEN 1 AND 16),
    dice       TEXT,
    seconds    INTEGER CHECK (seconds > 0),
    mode       TEXT,
    min_length INTEGER CHECK (min_length BETWEEN 1 AND 16),
    timezone   TEXT,
    hints      INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1))
);

-- Where rounds may start; no row for a server: anywhere.
CREATE TABLE round_channels (
    guild_id   BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    PRIMARY KEY (guild_id, channel_id)
);

-- Words a server does not accept: they never count and are not listed as missed.
CREATE TABLE banned_words (
    guild_id BIGINT NOT NULL,
    word     TEXT   NOT NULL,
    PRIMARY KEY (guild_id, word)
);

-- The banned words a round's board holds, as they were at its start (space-separated), so a
-- resume or its results after a restart judge by the list the round began with.
ALTER TABLE rounds ADD COLUMN excluded TEXT NOT NULL DEFAULT '';
