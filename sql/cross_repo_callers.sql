-- cross_repo_callers: one row per (symbol, other repository that references it): which other indexed repositories
--   call, import or subclass a shared interface, for snippets ("also used by ...") and reviews of API changes.
-- Columns: repo (of the symbol), symbol_id, path, caller_repo, refs (references), calls, imports, inherits,
--          caller_files (distinct files), max_confidence, example (one referencing file:line).
CREATE OR REPLACE VIEW cross_repo_callers AS
SELECT dst_repo AS repo, dst_id AS symbol_id, dst_path AS path, repo AS caller_repo, count(*) AS refs,
       count(*) FILTER (WHERE kind = 'calls') AS calls,
       count(*) FILTER (WHERE kind = 'imports') AS imports,
       count(*) FILTER (WHERE kind = 'inherits') AS inherits,
       count(DISTINCT path) AS caller_files, max(confidence) AS max_confidence,
       min(path || ':' || line) AS example
FROM cross_repo_edges
WHERE dst_id IS NOT NULL
GROUP BY dst_repo, dst_id, dst_path, repo;
