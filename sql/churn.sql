-- churn(window_days := 90, as_of := NULL, include_deleted := false, repo_id := NULL): one row per file (current
--   path) changed in the window (as_of - window_days, as_of]; as_of defaults to the repository's latest commit
--   (authored time), a NULL window_days means the whole history; repo_id: only that repository. Like code-maat's
--   entity-churn, with renames followed; authors are people (author_identities), not addresses.
-- Columns: repo, path, revisions (commits), lines_added, lines_deleted, authors, first_change, last_change, alive.
CREATE OR REPLACE MACRO churn(window_days := 90, as_of := NULL, include_deleted := false,
                               repo_id := NULL) AS TABLE
WITH per_address AS (  -- each commit has one author: an address's revisions add up to the file's
    SELECT f.repo, f.current_path AS path, f.alive, f.author_email, count(DISTINCT f.sha) AS revisions,
           sum(f.lines_added) AS lines_added, sum(f.lines_deleted) AS lines_deleted,
           min(f.authored_at) AS first_change, max(f.authored_at) AS last_change
    FROM history_window(window_days := window_days, as_of := as_of, repo_id := repo_id) f
    WHERE include_deleted OR f.alive
    GROUP BY ALL
)
SELECT a.repo, a.path, CAST(sum(a.revisions) AS BIGINT) AS revisions,
       CAST(sum(a.lines_added) AS BIGINT) AS lines_added, CAST(sum(a.lines_deleted) AS BIGINT) AS lines_deleted,
       count(DISTINCT coalesce(i.person, a.author_email)) AS authors,  -- people (author_identities), not addresses
       min(a.first_change) AS first_change, max(a.last_change) AS last_change, a.alive
FROM per_address a LEFT JOIN author_identities i ON i.repo = a.repo AND i.author_email = a.author_email
GROUP BY a.repo, a.path, a.alive
ORDER BY revisions DESC, sum(a.lines_added + a.lines_deleted) DESC, a.path;
