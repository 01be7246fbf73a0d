-- The round's full options: its length as chosen (a stop moves only the deadline), and the end
-- time on every result row, so results over a period (today, this week) are one index range.

ALTER TABLE rounds ADD COLUMN seconds INTEGER CHECK (seconds > 0);

-- Older rounds: the length their deadline says. Exact, unless a stop moved that deadline before
-- this column existed (then it is the time the round ran).
UPDATE rounds SET seconds = GREATEST(1, ROUND(deadline - started_at)::INTEGER);

ALTER TABLE round_results ADD COLUMN ended_at DOUBLE PRECISION;

UPDATE round_results
SET ended_at = (SELECT r.ended_at FROM rounds AS r WHERE r.id = round_results.round_id);

-- A guild's results in a period (leaderboards by day, week, month).
CREATE INDEX round_results_by_period ON round_results (guild_id, ended_at);
