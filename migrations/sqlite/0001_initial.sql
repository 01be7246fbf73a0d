-- The first schema of the bot's storage.
-- Applied by bot/storage/sqlite/opening.py inside one transaction together with its row in
-- schema_migrations; a migration file must therefore not contain BEGIN/COMMIT of its own.
-- Times are unix seconds (REAL); Discord ids (snowflakes) fit in INTEGER (64-bit).

-- One row per round. The board is the rows form of core.board.Board.text().
CREATE TABLE rounds (
    id                INTEGER PRIMARY KEY,
    guild_id          INTEGER NOT NULL,
    channel_id        INTEGER NOT NULL,
    starter_id        INTEGER NOT NULL,
    board             TEXT    NOT NULL,
    dice              TEXT    NOT NULL,
    size              INTEGER NOT NULL CHECK (size BETWEEN 1 AND 16),
    mode              TEXT    NOT NULL,
    min_length        INTEGER NOT NULL CHECK (min_length BETWEEN 1 AND 16),
    started_at        REAL    NOT NULL,
    deadline          REAL    NOT NULL,
    state             TEXT    NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished')),
    ended_at          REAL,
    board_message_id  INTEGER,
    status_message_id INTEGER,
    CHECK ((state = 'finished') = (ended_at IS NOT NULL))
);

-- At most one running round per channel; also answers "the running round of this channel".
CREATE UNIQUE INDEX rounds_running_per_channel ON rounds (channel_id) WHERE state = 'running';

-- Unfinished rounds at start-up, soonest deadline first.
CREATE INDEX rounds_unfinished ON rounds (deadline) WHERE state = 'running';

-- Every guess with its verdict: an append-only log for statistics, never used for scoring.
CREATE TABLE guesses (
    id        INTEGER PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,
    word      TEXT    NOT NULL,
    verdict   TEXT    NOT NULL,
    points    INTEGER NOT NULL DEFAULT 0,
    at        REAL    NOT NULL
);

CREATE INDEX guesses_by_round ON guesses (round_id, player_id);

-- The accepted words: the set a round is scored from and rebuilt from after a restart.
-- UNIQUE makes a repeated acceptance (a retried batch, a replay) count once; the rowid keeps the
-- acceptance order that Round.restore needs (race mode: first finder).
CREATE TABLE found_words (
    id        INTEGER PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL,
    word      TEXT    NOT NULL,
    at        REAL    NOT NULL,
    UNIQUE (round_id, player_id, word)
);

-- Per-player results of a finished round, written once with the round's finish.
CREATE TABLE round_results (
    round_id  INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    guild_id  INTEGER NOT NULL,
    player_id INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    words     INTEGER NOT NULL,
    rank      INTEGER NOT NULL,
    cancelled INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (round_id, player_id)
) WITHOUT ROWID;

-- A player's history in a guild (stats).
CREATE INDEX round_results_by_player ON round_results (guild_id, player_id);

-- Running totals per guild and player, kept in the same transaction as round_results (so they
-- cannot drift) and summed from it only once per round. The leaderboard reads them in index
-- order instead of aggregating every result row of the guild on each request.
CREATE TABLE standings (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    points   INTEGER NOT NULL DEFAULT 0,
    rounds   INTEGER NOT NULL DEFAULT 0,
    words    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;

CREATE INDEX standings_leaderboard ON standings (guild_id, points DESC, user_id);

-- Display names per guild (nicknames differ between guilds), for boards shown without lookups.
CREATE TABLE players (
    guild_id     INTEGER NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    updated_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
) WITHOUT ROWID;
