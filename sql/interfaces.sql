-- interfaces: one row per symbol referenced from other files (not from its own), most depended-on first: the
--   interfaces a change ripples through. Tests count apart; references guessed by name through an object of unknown
--   type (confidence < 0.5) do not count.
-- Columns: repo, id, name, qualname, kind, path, line_start, caller_files (distinct other files referencing it,
--          tests excluded), callers (distinct referencing symbols), test_files, rank (per repository, by files
--          referencing it, tests included, then callers).
CREATE OR REPLACE VIEW interfaces AS
WITH inbound AS (
    SELECT e.repo, e.dst_id AS id, e.src_id, e.path AS caller_path, coalesce(f.is_test, false) AS from_test
    FROM edges e
    JOIN symbols s ON s.repo = e.repo AND s.id = e.dst_id
    LEFT JOIN files f ON f.repo = e.repo AND f.path = e.path
    WHERE e.path <> s.path AND s.kind <> 'module' AND e.confidence >= 0.5
),
counted AS (
    SELECT repo, id, count(DISTINCT caller_path) FILTER (WHERE NOT from_test) AS caller_files,
           count(DISTINCT src_id) AS callers, count(DISTINCT caller_path) FILTER (WHERE from_test) AS test_files
    FROM inbound GROUP BY repo, id
)
SELECT c.repo, c.id, s.name, s.qualname, s.kind, s.path, s.line_start, c.caller_files, c.callers, c.test_files,
       row_number() OVER (PARTITION BY c.repo ORDER BY c.caller_files + c.test_files DESC, c.callers DESC, c.id) AS rank
FROM counted c JOIN symbols s ON s.repo = c.repo AND s.id = c.id
WHERE c.caller_files + c.test_files > 0
ORDER BY c.repo, rank;
