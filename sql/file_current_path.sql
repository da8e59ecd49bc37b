-- file_current_path: one row per historical path and the file it became (a path re-used after a rename or
--                    deletion maps to more than one row).
-- Columns: repo, path (as in file_changes), current_path (the path now, or the last one if deleted), alive,
--          renames (renames between the two), changes, first_changed_at, last_changed_at (authored times).
CREATE OR REPLACE VIEW file_current_path AS
SELECT repo, path, current_path, alive, max(renames) AS renames, count(*) AS changes,
       min(authored_at) AS first_changed_at, max(authored_at) AS last_changed_at
FROM file_changes_current
GROUP BY repo, path, current_path, alive;
