-- file_structure_edges_into(repo_id := NULL, for_paths := NULL, edge_files := NULL): every edge into the files
--   for_paths names (their symbols and members; NULL: every file), guesses included, read from edge_files (Parquet
--   files, the edges' schema file first: the shards that hold them) or the whole table; the cards' parts that
--   read the edges into a file (file_structure_uses, file_structure_unused).
-- Columns: repo, src_id, dst_id, kind, path, confidence, resolution, dst_path, ref_form.
CREATE OR REPLACE MACRO file_structure_edges_into(repo_id := NULL, for_paths := NULL, edge_files := NULL) AS TABLE
SELECT repo, src_id, dst_id, kind, path, confidence, resolution, dst_path, ref_form
FROM read_parquet(coalesce(edge_files, lake_edges()), union_by_name = true)
WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, dst_path));
