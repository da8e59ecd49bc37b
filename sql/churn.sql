-- churn(window_days := 90, as_of := NULL, include_deleted := false, repo_id := NULL): one row per file (current
--   path) changed in the window (as_of - window_days, as_of]; as_of defaults to the repository's latest commit
--   (authored time), a NULL window_days means the whole history; repo_id: only that repository. Like code-maat's
--   entity-churn, with renames followed.
-- Columns: repo, path, revisions (commits), lines_added, lines_deleted, authors, first_change, last_change, alive.
CREATE OR REPLACE MACRO churn(window_days := 90, as_of := NULL, include_deleted := false,
                               repo_id := NULL) AS TABLE
SELECT f.repo, f.current_path AS path, count(DISTINCT f.sha) AS revisions, sum(f.lines_added) AS lines_added,
       sum(f.lines_deleted) AS lines_deleted, count(DISTINCT coalesce(i.person, f.author_email)) AS authors,
       min(f.authored_at) AS first_change, max(f.authored_at) AS last_change, f.alive
FROM history_window(window_days := window_days, as_of := as_of, repo_id := repo_id) f
LEFT JOIN author_identities i ON i.repo = f.repo AND i.author_email = f.author_email  -- people, not addresses
WHERE include_deleted OR f.alive
GROUP BY f.repo, f.current_path, f.alive
ORDER BY revisions DESC, sum(f.lines_added + f.lines_deleted) DESC, path;
