-- When a round's results reached its channel (NULL: not yet). Results stored but never posted
-- (a rate-limit storm at the deadline, a shutdown) are posted at the next start, once.
ALTER TABLE rounds ADD COLUMN results_posted_at DOUBLE PRECISION;

-- Rounds finished before this migration were posted (or given up) by the code of the time.
UPDATE rounds SET results_posted_at = ended_at WHERE state = 'finished';

-- Finished rounds whose results still wait, at start-up.
CREATE INDEX rounds_unposted ON rounds (ended_at) WHERE state = 'finished' AND results_posted_at IS NULL;
