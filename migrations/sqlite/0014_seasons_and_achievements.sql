-- Seasons and achievements (issue 27). A server's season is a calendar month (default), a
-- quarter, or off, in its time zone; a finished season is archived (its places kept, nothing
-- reset) with its recap's post; an achievement's tier is earned once per player and server,
-- the primary key keeping it so however many processes finish rounds at once.

CREATE TABLE season_settings (
    guild_id         INTEGER NOT NULL PRIMARY KEY,
    length           TEXT    NOT NULL DEFAULT 'month' CHECK (length IN ('month', 'quarter', 'off')),
    announce_channel INTEGER,           -- NULL: the daily post's channel
    champion_role    INTEGER            -- NULL: no champion role
) WITHOUT ROWID;

CREATE TABLE seasons (
    guild_id        INTEGER NOT NULL,
    number          INTEGER NOT NULL,   -- 1, 2, ... in the order seasons were archived
    name            TEXT    NOT NULL,   -- "2026-03" or "2026-Q1"
    starts_at       REAL    NOT NULL,
    ends_at         REAL    NOT NULL,
    champion_id     INTEGER,            -- NULL: nobody scored
    archived_at     REAL    NOT NULL,
    recap_posted_at REAL,               -- NULL: the recap is still to go out
    PRIMARY KEY (guild_id, number),
    UNIQUE (guild_id, name)
) WITHOUT ROWID;

CREATE TABLE season_places (
    guild_id     INTEGER NOT NULL,
    number       INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    points       INTEGER NOT NULL,
    words        INTEGER NOT NULL,
    rounds       INTEGER NOT NULL,
    wins         INTEGER NOT NULL,
    longest_word TEXT,
    best_round   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, number, user_id)
) WITHOUT ROWID;

CREATE INDEX season_places_by_player ON season_places (guild_id, user_id, place);

CREATE TABLE achievements (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    code      TEXT    NOT NULL,
    tier      INTEGER NOT NULL,
    earned_at REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, code, tier)
) WITHOUT ROWID;

CREATE INDEX achievements_by_code ON achievements (guild_id, code, tier);
