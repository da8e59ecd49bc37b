-- history_end(as_of := NULL, repo_id := NULL): table macro, one row per repository (or only repo_id): the end of
--   the history the temporal views look at: as_of when given, else the repository's latest commit (authored time).
-- Columns: repo, end_at.
CREATE OR REPLACE MACRO history_end(as_of := NULL, repo_id := NULL) AS TABLE
SELECT c.repo, coalesce(any_value(p.at), max(c.authored_at)) AS end_at
FROM commits c, (SELECT CAST(as_of AS TIMESTAMPTZ) AS at) p
WHERE repo_id IS NULL OR c.repo = repo_id
GROUP BY c.repo;
