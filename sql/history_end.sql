-- history_end(as_of := NULL): table macro, one row per repository: the end of the history the temporal views look
--   at: as_of when given, else the repository's latest commit (authored time).
-- Columns: repo, end_at.
CREATE OR REPLACE MACRO history_end(as_of := NULL) AS TABLE
SELECT c.repo, coalesce(any_value(p.at), max(c.authored_at)) AS end_at
FROM commits c, (SELECT CAST(as_of AS TIMESTAMPTZ) AS at) p
GROUP BY c.repo;
