-- file_changes: one row per file changed by a (non-merge) commit, under the path it had in that commit.
-- Columns: repo, sha, path, old_path (renames/copies), change_type (A, M, D, R, C), lines_added, lines_deleted,
--          is_binary (counts 0), authored_at, author_email, committed_at, is_submodule, topo_seq.
CREATE OR REPLACE VIEW file_changes AS
SELECT * FROM read_parquet(lake_file_changes(), union_by_name = true);
