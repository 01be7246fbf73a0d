-- Seasons and achievements (issue 27), as migrations/sqlite/0014_seasons_and_achievements.sql. A server's season is a calendar month (default), a
-- quarter, or off, in its time zone; a finished season is archived (its places kept, nothing
-- reset) with its recap's post; an achievement's tier is earned once per player and server,
-- the primary key keeping it so however many processes finish rounds at once.

CREATE TABLE season_settings (
    guild_id         BIGINT NOT NULL PRIMARY KEY,
    length           TEXT    NOT NULL DEFAULT 'month' CHECK (length IN ('month', 'quarter', 'off')),
    announce_channel BIGINT,           -- NULL: the daily post's channel
    champion_role    BIGINT            -- NULL: no champion role
);

CREATE TABLE seasons (
    guild_id        BIGINT NOT NULL,
    number          BIGINT NOT NULL,   -- 1, 2, ... in the order seasons were archived
    name            TEXT    NOT NULL,   -- "2026-03" or "2026-Q1"
    starts_at       DOUBLE PRECISION    NOT NULL,
    ends_at         DOUBLE PRECISION    NOT NULL,
    champion_id     BIGINT,            -- NULL: nobody scored
    archived_at     DOUBLE PRECISION    NOT NULL,
    recap_posted_at DOUBLE PRECISION,               -- NULL: the recap is still to go out
    PRIMARY KEY (guild_id, number),
    UNIQUE (guild_id, name)
);

CREATE TABLE season_places (
    guild_id     BIGINT NOT NULL,
    number       BIGINT NOT NULL,
    user_id      BIGINT NOT NULL,
    place        BIGINT NOT NULL,
    points       BIGINT NOT NULL,
    words        BIGINT NOT NULL,
    rounds       BIGINT NOT NULL,
    wins         BIGINT NOT NULL,
    longest_word TEXT,
    best_round   BIGINT NOT NULL,
    PRIMARY KEY (guild_id, number, user_id)
);

CREATE INDEX season_places_by_player ON season_places (guild_id, user_id, place);

CREATE TABLE achievements (
    guild_id  BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    code      TEXT    NOT NULL,
    tier      BIGINT NOT NULL,
    earned_at DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (guild_id, user_id, code, tier)
);

CREATE INDEX achievements_by_code ON achievements (guild_id, code, tier);
