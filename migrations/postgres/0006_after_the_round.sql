-- After the round (issue 10): whether a round shows hints (words starting at each die), so a
-- restart keeps them on its board and Play again repeats them.
ALTER TABLE rounds ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints IN (0, 1));

-- A channel's rounds newest first: /boggle check reads the last finished board of a channel.
CREATE INDEX rounds_by_channel ON rounds (channel_id, id);
