-- The outbox (issue 37): every post the bot owes a channel or a member, written in the
-- transaction of the fact that owes it and kept until it is out (sent_at) or can never go
-- (given_up, with the reason). A channel's posts go in id order.

CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: it makes the nonce
    kind       TEXT    NOT NULL,           -- which deliverer sends it
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    payload    TEXT    NOT NULL,           -- JSON: what the post says
    owed_at    REAL    NOT NULL,
    due_at     REAL    NOT NULL,           -- the next try
    tries      INTEGER NOT NULL DEFAULT 0,
    sent_at    REAL,                       -- NULL: still owed (unless given up)
    given_up   TEXT                        -- why it can never go
);

CREATE INDEX outbox_owed ON outbox (channel_id, id) WHERE sent_at IS NULL AND given_up IS NULL;
CREATE INDEX outbox_done ON outbox (owed_at) WHERE sent_at IS NOT NULL OR given_up IS NOT NULL;

-- Results stored but never posted before this version (they were owed by rounds.results_posted_at
-- alone): owed on the outbox now, in the order the rounds ended.
INSERT INTO outbox (kind, guild_id, channel_id, payload, owed_at, due_at, tries)
SELECT 'round results', guild_id, channel_id, '{"round_id":' || id || '}',
       COALESCE(ended_at, 0), COALESCE(ended_at, 0), 0
FROM rounds WHERE state = 'finished' AND results_posted_at IS NULL ORDER BY ended_at, id;
