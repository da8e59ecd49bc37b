-- eval_split(repo_id, train_share := 0.8): table macro, one row: where a time-split self-evaluation of a repository
--   cuts its history. The commits touching 1 to 30 files (non-merge, in authored order) are split: the older
--   train_share of them is what the signals may learn from, the rest is predicted.
-- Columns: repo, split_sha (the last training commit), split_at (its authored time: the as_of of every signal),
--          train_commits, later_commits (commits of 1-30 files after the split), history_commits (all commits).
CREATE OR REPLACE MACRO eval_split(repo_id, train_share := 0.8) AS TABLE
WITH sized AS (
    SELECT c.sha, c.authored_at, c.topo_seq, count(f.path) AS files
    FROM commits c JOIN file_changes f ON f.repo = c.repo AND f.sha = c.sha
    WHERE c.repo = repo_id AND NOT c.is_merge
    GROUP BY c.sha, c.authored_at, c.topo_seq
    HAVING count(f.path) BETWEEN 1 AND 30
),
ordered AS (
    SELECT *, row_number() OVER (ORDER BY authored_at, topo_seq) AS position, count(*) OVER () AS total FROM sized
)
SELECT repo_id AS repo, sha AS split_sha, authored_at AS split_at, position AS train_commits,
       total - position AS later_commits, (SELECT count(*) FROM commits WHERE repo = repo_id) AS history_commits
FROM ordered
WHERE position = greatest(CAST(floor(total * train_share) AS BIGINT), 1);
