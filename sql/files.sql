-- files: one row per source file of each repository at its indexed commit (skipped files included).
-- Columns: repo, path, language, blob_sha, lines, bytes, is_test, is_generated, is_vendored,
--          parse_status (ok | partial | fallback | skipped), skip_reason, indexed_commit, package, error_lines,
--          family (languages that import each other share one: javascript for JavaScript, TypeScript and TSX),
--          global_types (the language's type names are global, no packages: Ruby's class reopened in several files).
CREATE OR REPLACE VIEW files AS
SELECT * FROM read_parquet(lake_files(), union_by_name = true);
