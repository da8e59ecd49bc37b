-- file_structure_own_symbols(repo_id := NULL, for_paths := NULL, symbol_files := NULL): the symbols defined in
--   the files for_paths names (NULL: every file), read from symbol_files (Parquet files, the shards that hold them)
--   or the whole table; the cards' parts that describe a file's symbols (file_structure_uses, file_structure_unused).
-- Columns: the symbols table's.
CREATE OR REPLACE MACRO file_structure_own_symbols(repo_id := NULL, for_paths := NULL, symbol_files := NULL) AS TABLE
SELECT * FROM read_parquet(coalesce(symbol_files, lake_symbols()), union_by_name = true)
WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, path));
