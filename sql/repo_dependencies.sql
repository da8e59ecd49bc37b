-- repo_dependencies: one row per (repository, other indexed repository whose packages it uses): the org's
--   cross-repository dependency graph.
-- Columns: repo, dst_repo, packages (list), refs, resolved (with a target symbol), symbols_used (distinct targets),
--          files (distinct referencing files of repo).
CREATE OR REPLACE VIEW repo_dependencies AS
SELECT repo, dst_repo, list(DISTINCT package ORDER BY package) AS packages, count(*) AS refs,
       count(dst_id) AS resolved, count(DISTINCT dst_id) AS symbols_used, count(DISTINCT path) AS files
FROM cross_repo_edges
GROUP BY repo, dst_repo;
