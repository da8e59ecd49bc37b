-- file_changes_current: one row per file change (as file_changes), with the path that file has now.
-- Columns: every file_changes column, plus current_path (the file's path at HEAD, or its last path when it was
--          deleted since), alive (false when the file no longer exists), renames (how many renames were followed).
-- A change belongs to the life of its path that ends at the path's next deletion or rename (in topological order);
-- a rename continues that life under the new path. A path re-used after a rename or deletion starts a new life, so
-- its old history follows the file that moved away, not the newcomer.
CREATE OR REPLACE VIEW file_changes_current AS
WITH RECURSIVE
ends AS (  -- where a path's life ends: deleted (target NULL) or renamed away
    SELECT repo, sha, topo_seq, path AS name, NULL::VARCHAR AS target FROM file_changes WHERE change_type = 'D'
    UNION ALL
    SELECT repo, sha, topo_seq, old_path, path FROM file_changes WHERE change_type = 'R'
),
links AS (  -- each end, and the end of the life its rename starts (the target path's next end)
    SELECT e.repo, e.sha, e.name, e.target, n.sha AS next_sha
    FROM ends e ASOF LEFT JOIN ends n ON n.repo = e.repo AND n.name = e.target AND n.topo_seq > e.topo_seq
),
walk AS (
    SELECT repo, sha AS start_sha, name AS start_name, coalesce(target, name) AS path, next_sha,
           target IS NULL AS deleted, (target IS NOT NULL)::INTEGER AS renames, 0 AS hops
    FROM links
    UNION ALL
    SELECT w.repo, w.start_sha, w.start_name, coalesce(l.target, l.name), l.next_sha, l.target IS NULL,
           w.renames + (l.target IS NOT NULL)::INTEGER, w.hops + 1
    FROM walk w JOIN links l ON l.repo = w.repo AND l.sha = w.next_sha AND l.name = w.path
    WHERE w.hops < 1000
),
resolved AS (
    SELECT repo, start_sha, start_name, arg_max(path, hops) AS path, arg_max(deleted, hops) AS deleted,
           arg_max(renames, hops) AS renames
    FROM walk GROUP BY repo, start_sha, start_name
),
owned AS (  -- each change's own life end: itself for a deletion, else the path's next end
    SELECT f.*, e.sha AS end_sha FROM file_changes f
    ASOF LEFT JOIN ends e ON e.repo = f.repo AND e.name = f.path AND e.topo_seq > f.topo_seq
    WHERE f.change_type <> 'D'
    UNION ALL
    SELECT f.*, f.sha FROM file_changes f WHERE f.change_type = 'D'
)
SELECT o.* EXCLUDE (end_sha), coalesce(r.path, o.path) AS current_path, coalesce(NOT r.deleted, true) AS alive,
       coalesce(r.renames, 0) AS renames
FROM owned o LEFT JOIN resolved r ON r.repo = o.repo AND r.start_sha = o.end_sha AND r.start_name = o.path;
