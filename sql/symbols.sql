-- symbols: one row per definition (and one per module: qualname '<module>').
-- Columns: repo, id ('<path>::<Qualified.name>'), path, name, qualname, kind, line_start, line_end, parent_id,
--          language, is_exported, is_entry_point, is_test, entry_reason, sid, params_min and params_max (how many
--          arguments a function accepts where its language has overloads; params_max null: any number).
CREATE OR REPLACE VIEW symbols AS
SELECT * FROM read_parquet(lake_symbols(), union_by_name = true);
