-- interfaces: one row per symbol referenced from other files (not from its own), most depended-on first: the
--   interfaces a change ripples through. Tests count apart; a reference resolved only by a name guess (resolution
--   unique_name or ambiguous, or confidence < 0.5: `dataclasses.field` guessed to be a repository function named
--   field) does not count: a guess is not a dependency. Nor does the constructor a call of its class runs (ref_form
--   constructor into `__init__`, `init`...): that caller is counted on the class.
-- Columns: repo, id, name, qualname, kind, path, line_start, caller_files (distinct other files referencing it,
--          tests excluded), callers (distinct referencing symbols), test_files, role (file_roles.role of the file
--          defining it), rank (per repository: the repository's own source first (role 'source'), then by files
--          referencing it (tests included), then outside tests, then callers).
CREATE OR REPLACE VIEW interfaces AS
WITH inbound AS (
    SELECT e.repo, e.dst_id AS id, e.src_id, e.path AS caller_path, coalesce(r.role, 'source') = 'test' AS from_test
    FROM edges e
    JOIN symbols s ON s.repo = e.repo AND s.id = e.dst_id
    LEFT JOIN file_roles r ON r.repo = e.repo AND r.path = e.path
    WHERE e.path <> s.path AND s.kind <> 'module' AND e.confidence >= 0.5
      AND e.resolution NOT IN ('unique_name', 'ambiguous')
      AND NOT (e.ref_form = 'constructor' AND s.kind = 'method'
               AND s.name IN ('__init__', '__new__', 'init', '__construct', 'constructor'))
),
counted AS (
    SELECT repo, id, count(DISTINCT caller_path) FILTER (WHERE NOT from_test) AS caller_files,
           count(DISTINCT src_id) AS callers, count(DISTINCT caller_path) FILTER (WHERE from_test) AS test_files
    FROM inbound GROUP BY repo, id
)
SELECT c.repo, c.id, s.name, s.qualname, s.kind, s.path, s.line_start, c.caller_files, c.callers, c.test_files,
       coalesce(r.role, 'source') AS role,
       row_number() OVER (PARTITION BY c.repo ORDER BY coalesce(r.role, 'source') <> 'source',
                          c.caller_files + c.test_files DESC, c.caller_files DESC, c.callers DESC, c.id) AS rank
FROM counted c JOIN symbols s ON s.repo = c.repo AND s.id = c.id
LEFT JOIN file_roles r ON r.repo = s.repo AND r.path = s.path
WHERE c.caller_files + c.test_files > 0
ORDER BY c.repo, rank;
