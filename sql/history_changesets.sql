-- history_changesets(max_changeset := 30, window_days := NULL, as_of := NULL, include_deleted := false,
--   repo_id := NULL): table macro, one row per file (current path) per commit in history_window(window_days, as_of,
--   repo_id), leaving out commits that touched more than max_changeset files (counted over every file the commit
--   touched, deleted ones too: code-maat's rule for coupling), the commits the repository's blame ignore-revs file
--   lists (ignored_commits: bulk reformatting, whatever its size), and files deleted since unless include_deleted.
-- Columns: repo, sha, path, alive, authored_at, end_at.
CREATE OR REPLACE MACRO history_changesets(max_changeset := 30, window_days := NULL, as_of := NULL,
                                           include_deleted := false, repo_id := NULL) AS TABLE
WITH changes AS (
    SELECT DISTINCT repo, sha, current_path AS path, alive, authored_at, end_at
    FROM history_window(window_days := window_days, as_of := as_of, repo_id := repo_id) w
    WHERE NOT EXISTS (SELECT 1 FROM ignored_commits i WHERE i.repo = w.repo AND i.sha = w.sha)
)
SELECT * FROM changes
WHERE (include_deleted OR alive)
  AND (repo, sha) IN (SELECT repo, sha FROM (SELECT repo, sha, count(*) AS n FROM changes GROUP BY repo, sha)
                      WHERE n <= max_changeset);
