-- file_changes_current: one row per file change (as file_changes), with the path that file has now.
-- Columns: every file_changes column, plus current_path (the file's path at HEAD, or its last path when it is gone),
--          alive (the file exists in HEAD's tree), renames (how many renames were followed).
-- A change belongs to the life of its path (file_lives) that started last at or before it (topological order);
-- the git extractor works out once per run where each life's file is now, from HEAD's tree, following renames.
-- A path re-used after a rename or deletion starts a new life, so its old history follows the file that moved away,
-- not the newcomer.
CREATE OR REPLACE VIEW file_changes_current AS
WITH lives AS (  -- each life's span of topo_seq: [start_seq, the next life's start)
    SELECT repo, path, start_seq, current_path, alive, renames,
           coalesce(lead(start_seq) OVER (PARTITION BY repo, path ORDER BY start_seq), 9223372036854775807) AS next_seq
    FROM file_lives
)
SELECT f.*, coalesce(l.current_path, f.path) AS current_path, coalesce(l.alive, false) AS alive,
       coalesce(l.renames, 0) AS renames
FROM file_changes f  -- a hash join on the path, then the span: much cheaper than an ASOF join on string keys
LEFT JOIN lives l ON l.repo = f.repo AND l.path = f.path AND f.topo_seq >= l.start_seq AND f.topo_seq < l.next_seq;
