-- What the leaderboards over time and /stats read (issue 10): on every result row the round's
-- best possible score, the player's longest scoring word and whether they won; the same figures
-- kept all-time in standings; and one covering index for a guild's results in a period.

-- The board's maximum score (NULL for rounds before this migration: it was not kept).
ALTER TABLE round_results ADD COLUMN max_points INTEGER;
-- The player's longest word that scored (ties: alphabetical first); NULL when none did.
ALTER TABLE round_results ADD COLUMN longest_word TEXT;
-- First place (shared ties included) with points, in a round where two or more players found a word.
ALTER TABLE round_results ADD COLUMN won INTEGER NOT NULL DEFAULT 0;

-- Older rows: the longest accepted word (cancellation was not kept), and wins by the same rule.
UPDATE round_results SET longest_word = (
    SELECT f.word FROM found_words AS f
    WHERE f.round_id = round_results.round_id AND f.player_id = round_results.player_id
    ORDER BY LENGTH(f.word) DESC, f.word LIMIT 1
);
UPDATE round_results SET won = 1
WHERE rank = 1 AND points > 0
  AND (SELECT COUNT(*) FROM round_results AS o WHERE o.round_id = round_results.round_id) >= 2;

ALTER TABLE standings ADD COLUMN wins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE standings ADD COLUMN best INTEGER NOT NULL DEFAULT 0;
ALTER TABLE standings ADD COLUMN longest_word TEXT;
ALTER TABLE standings ADD COLUMN share_sum REAL NOT NULL DEFAULT 0;
ALTER TABLE standings ADD COLUMN share_rounds INTEGER NOT NULL DEFAULT 0;

UPDATE standings SET
    wins = (SELECT SUM(r.won) FROM round_results AS r
            WHERE r.guild_id = standings.guild_id AND r.player_id = standings.user_id),
    best = (SELECT MAX(r.points) FROM round_results AS r
            WHERE r.guild_id = standings.guild_id AND r.player_id = standings.user_id),
    longest_word = (SELECT r.longest_word FROM round_results AS r
                    WHERE r.guild_id = standings.guild_id AND r.player_id = standings.user_id
                      AND r.longest_word IS NOT NULL
                    ORDER BY LENGTH(r.longest_word) DESC, r.longest_word LIMIT 1);

-- A guild's results in a period, read from the index alone (no table row visited).
DROP INDEX round_results_by_period;
CREATE INDEX round_results_by_period ON round_results
    (guild_id, ended_at, player_id, points, words, won, max_points, longest_word);
