-- file_neighbors: one row per file and one of its 50 strongest fused neighbours, as `neighborhood` ranks them with
--   its default weights over the whole history (derived after the extractors of each run; `neighborhood(as_of := ...)`
--   answers for the past or other weights).
-- Columns: repo, file, neighbor, rank (1 = strongest), score, structure, co_change, co_touch, signals, deps_out,
--          deps_in, shared_commits, shared_sessions (as in neighborhood).
CREATE OR REPLACE VIEW file_neighbors AS
SELECT * FROM read_parquet(getvariable('lake_file_neighbors'), union_by_name = true);
