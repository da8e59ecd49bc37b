-- commits: one row per commit reachable from the repository's HEAD (git extractor).
-- Columns: repo, sha, parents (list), is_merge, author_name, author_email (both through .mailmap), authored_at,
--          committed_at, files_changed, lines_added, lines_deleted (merges: 0, their changes count in the commits
--          they merge), committer_name, committer_email, is_root, is_shallow_boundary, topo_seq (topological
--          position, parents before children).
CREATE OR REPLACE VIEW commits AS
SELECT * FROM read_parquet(lake_commits(), union_by_name = true);
