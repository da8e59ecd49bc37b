-- file_deps: one row per (repository, file, file it depends on) from resolved imports, calls and inheritance.
-- Columns: repo, src_path, dst_path, imports, calls, inherits, refs (all references), max_confidence,
--          guessed_only (every reference was resolved only by name: unique_name/ambiguous),
--          weight (sum of the references' confidences: count weighted by confidence).
CREATE OR REPLACE VIEW file_deps AS
SELECT repo, path AS src_path, dst_path,
       count(*) FILTER (WHERE kind = 'imports') AS imports,
       count(*) FILTER (WHERE kind = 'calls') AS calls,
       count(*) FILTER (WHERE kind = 'inherits') AS inherits,
       count(*) AS refs,
       max(confidence) AS max_confidence,
       bool_and(resolution IN ('unique_name', 'ambiguous')) AS guessed_only,
       sum(confidence) AS weight
FROM edges
WHERE dst_path IS NOT NULL AND dst_path <> path
GROUP BY repo, path, dst_path;
