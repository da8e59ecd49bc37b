-- file_lives: one row per life of a path (git extractor): the changes of a path from the change that put a file
--   there (added, copied or renamed to it; or its first change in the mined history) until the next such change,
--   in topological order, with where that file is now. Whether a file exists is taken from HEAD's tree: a life whose
--   path is at HEAD is alive (when it was never ended, or is the path's newest life), else it follows its latest
--   rename away, else it is gone.
-- Columns: repo, path, start_seq, end_seq (its latest deletion or rename away; NULL when never ended), end_type
--          (D, R), renamed_to, renamed_seq, current_path, alive, renames (renames followed), in_head (the path is
--          in HEAD's tree).
CREATE OR REPLACE VIEW file_lives AS
SELECT * FROM read_parquet(getvariable('lake_file_lives'), union_by_name = true);
