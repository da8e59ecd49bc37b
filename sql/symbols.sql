-- symbols: one row per definition (and one per module: qualname '<module>').
-- Columns: repo, id ('<path>::<Qualified.name>'), path, name, qualname, kind, line_start, line_end, parent_id,
--          language, is_exported, is_entry_point, is_test, entry_reason.
CREATE OR REPLACE VIEW symbols AS
SELECT * FROM read_parquet(lake_symbols(), union_by_name = true);
