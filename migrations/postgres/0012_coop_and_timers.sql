-- Co-op rounds and timers (issue 29): a round keeps its timer ('standard', 'bonus', 'untimed')
-- and, untimed, its quiet spell in seconds (the round ends that long after its last new word); a
-- server may default both. A co-op result keeps the team's share of the board's points, and adds
-- to the player's words and co-op record (rounds, points found for the team, best team share),
-- never to the competitive points, wins or shares. Rows from before read as standard and
-- competitive, as they were played.

ALTER TABLE rounds ADD COLUMN timer TEXT NOT NULL DEFAULT 'standard';
ALTER TABLE rounds ADD COLUMN quiet_seconds INTEGER;
ALTER TABLE server_settings ADD COLUMN timer TEXT;
ALTER TABLE server_settings ADD COLUMN quiet_seconds INTEGER;
ALTER TABLE round_results ADD COLUMN team_share DOUBLE PRECISION;
ALTER TABLE standings ADD COLUMN coop_rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE standings ADD COLUMN coop_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE standings ADD COLUMN coop_best DOUBLE PRECISION;

-- A period's competitive figures leave co-op results out (team_share IS NULL), still from the
-- index alone.
DROP INDEX round_results_by_period;
CREATE INDEX round_results_by_period ON round_results
    (guild_id, ended_at, player_id, points, words, won, max_points, longest_word, team_share);
