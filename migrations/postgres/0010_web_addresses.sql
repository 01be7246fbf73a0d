-- Where each shard's process serves the Activity's page, so that a player's socket reaching
-- another process is relayed to the one running the round (bot/web/relay.py). A process writes
-- its own shards' rows when its page starts; the newest writer of a shard is its owner.

CREATE TABLE web_addresses (
    shard_id   INTEGER PRIMARY KEY,
    address    TEXT    NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
