-- sum_of_coupling(max_changeset := 30, window_days := NULL, as_of := NULL, include_deleted := false,
--   repo_id := NULL): one row per file (current path) of every repository (or only repo_id): code-maat's sum of
--   coupling, the number of other files changed in the same commits, summed over the file's commits (commits
--   touching more than max_changeset files ignored).
-- Columns: repo, path, soc, revisions.
CREATE OR REPLACE MACRO sum_of_coupling(max_changeset := 30, window_days := NULL, as_of := NULL,
                                        include_deleted := false, repo_id := NULL) AS TABLE
WITH sized AS (
    SELECT repo, path, count(*) OVER (PARTITION BY repo, sha) - 1 AS others
    FROM history_changesets(max_changeset := max_changeset, window_days := window_days, as_of := as_of,
                            include_deleted := include_deleted, repo_id := repo_id)
)
SELECT repo, path, sum(others) AS soc, count(*) AS revisions
FROM sized GROUP BY repo, path
ORDER BY repo, soc DESC, path;
