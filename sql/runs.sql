-- runs: one row per extractor run and repository.
-- Columns: repo, run_id, extractor, extractor_version, commit, started_at, finished_at, status, rows,
--          files_skipped, error, counters (JSON of the extractor's other counters).
CREATE OR REPLACE VIEW runs AS
SELECT * FROM read_parquet(lake_runs(), union_by_name = true);
