-- sum_of_coupling(max_changeset := 30, window_days := NULL, as_of := NULL, include_deleted := false): one row
--   per file (current path): code-maat's sum of coupling, the number of other files changed in the same commits,
--   summed over the file's commits (commits touching more than max_changeset files ignored).
-- Columns: repo, path, soc, revisions.
CREATE OR REPLACE MACRO sum_of_coupling(max_changeset := 30, window_days := NULL, as_of := NULL,
                                        include_deleted := false) AS TABLE
WITH bounds AS (
    SELECT c.repo, coalesce(any_value(p.at), max(c.authored_at)) AS end_at
    FROM commits c, (SELECT CAST(as_of AS TIMESTAMPTZ) AS at) p GROUP BY c.repo
),
changes AS (
    SELECT DISTINCT f.repo, f.sha, f.current_path AS path, f.alive
    FROM file_changes_current f JOIN bounds b ON b.repo = f.repo
    WHERE f.authored_at <= b.end_at
      AND (window_days IS NULL OR f.authored_at > b.end_at - to_days(CAST(window_days AS INTEGER)))
),
kept AS (
    SELECT * FROM changes
    WHERE (include_deleted OR alive)
      AND (repo, sha) IN (SELECT repo, sha FROM (SELECT repo, sha, count(*) AS n FROM changes GROUP BY repo, sha)
                          WHERE n <= max_changeset)
),
sized AS (
    SELECT repo, path, count(*) OVER (PARTITION BY repo, sha) - 1 AS others FROM kept
)
SELECT repo, path, sum(others) AS soc, count(*) AS revisions
FROM sized GROUP BY repo, path
ORDER BY repo, soc DESC, path;
