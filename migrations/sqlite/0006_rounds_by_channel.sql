-- A channel's rounds newest first: /boggle check reads the last finished board of a channel.
CREATE INDEX rounds_by_channel ON rounds (channel_id, id);
