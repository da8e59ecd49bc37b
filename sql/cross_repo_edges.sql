-- cross_repo_edges: one row per cross-repository reference (cross_repo_refs) and candidate target symbol in the
--   other repository. A named member is looked up among the package's definitions (not tests): those in the file
--   or folder the module path points at first, then top-level ones, then exported ones; one best candidate is
--   'package' (confidence 0.8), several are 'package_ambiguous' (0.3 each, at most 8, nearest paths first). A
--   namespace import points at the module's own file ('package_module', 0.8: `__init__.py`, the folder's file, the
--   shortest path). A name not found there is kept with dst_id NULL ('package_unresolved', 0).
-- Columns: repo, src_id, src_sid, path, line, kind (imports | calls | inherits), dst_repo, dst_id, dst_sid, dst_path,
--          dst_name (member, else module), module, package, confidence, resolution.
CREATE OR REPLACE VIEW cross_repo_edges AS
WITH x AS MATERIALIZED (
    SELECT *, row_number() OVER () AS ref_id FROM cross_repo_refs
),
members AS (
    SELECT x.ref_id, s.id AS dst_id, s.sid AS dst_sid, s.path AS dst_path,
           dense_rank() OVER (PARTITION BY x.ref_id ORDER BY
               (x.target_prefix = x.module_path OR starts_with(s.path, x.target_prefix || '/')
                OR starts_with(s.path, x.target_prefix || '.')) DESC,
               (s.qualname = s.name OR s.qualname = x.container || '.' || x.member) DESC,
               coalesce(s.is_exported, true) DESC) AS tier,
           row_number() OVER (PARTITION BY x.ref_id ORDER BY length(s.path), s.path, s.line_start) AS nearest
    FROM x
    JOIN symbols s ON s.repo = x.dst_repo AND s.name = x.member AND s.kind <> 'module'
     AND NOT coalesce(s.is_test, false)
     AND (x.module_path = '' OR starts_with(s.path, x.module_path || '/') OR starts_with(s.path, x.module_path || '.'))
     AND (x.container IS NULL OR s.qualname IN (x.container || '.' || x.member, x.member))
    WHERE x.member IS NOT NULL
),
best AS (
    SELECT *, count(*) OVER (PARTITION BY ref_id) AS candidates
    FROM members WHERE tier = 1
    QUALIFY row_number() OVER (PARTITION BY ref_id ORDER BY nearest) <= 8
),
modules AS (
    SELECT x.ref_id, s.id AS dst_id, s.sid AS dst_sid, s.path AS dst_path, 1 AS candidates
    FROM x
    JOIN symbols s ON s.repo = x.dst_repo AND s.kind = 'module' AND NOT coalesce(s.is_test, false)
     AND (x.target_prefix = '' OR starts_with(s.path, x.target_prefix || '/')
          OR starts_with(s.path, x.target_prefix || '.'))
    WHERE x.member IS NULL
    QUALIFY row_number() OVER (PARTITION BY x.ref_id ORDER BY
        s.path IN (x.target_prefix || '/__init__.py', x.target_prefix || '.py', x.target_prefix || '/index.js',
                   x.target_prefix || '/mod.rs', x.target_prefix || '/lib.rs') DESC,
        length(s.path) - length(replace(s.path, '/', '')), length(s.path), s.path) = 1
),
targets AS (
    SELECT ref_id, dst_id, dst_sid, dst_path, candidates, false AS is_module FROM best
    UNION ALL
    SELECT ref_id, dst_id, dst_sid, dst_path, candidates, true FROM modules
)
SELECT x.repo, x.path || '::' || x.src_qualname AS src_id, src.sid AS src_sid, x.path, x.line, x.kind, x.dst_repo,
       t.dst_id, t.dst_sid, t.dst_path, coalesce(x.member, x.module) AS dst_name, x.module, x.package,
       CASE WHEN t.dst_id IS NULL THEN 0.0 WHEN t.candidates = 1 THEN 0.8 ELSE 0.3 END AS confidence,
       CASE WHEN t.dst_id IS NULL THEN 'package_unresolved' WHEN t.is_module THEN 'package_module'
            WHEN t.candidates = 1 THEN 'package' ELSE 'package_ambiguous' END AS resolution
FROM x
LEFT JOIN targets t ON t.ref_id = x.ref_id
LEFT JOIN symbols src ON src.repo = x.repo AND src.id = x.path || '::' || x.src_qualname;
