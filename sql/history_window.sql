-- history_window(window_days := NULL, as_of := NULL, repo_id := NULL): table macro, one row per file change
--   (file_changes_current, renames followed) authored in the window (end_at - window_days, end_at] of its
--   repository's history_end(as_of); a NULL window_days means the whole history up to end_at; repo_id: only that
--   repository.
-- Columns: every file_changes_current column, plus end_at.
CREATE OR REPLACE MACRO history_window(window_days := NULL, as_of := NULL, repo_id := NULL) AS TABLE
SELECT f.*, b.end_at
FROM file_changes_current f JOIN history_end(as_of := as_of, repo_id := repo_id) b ON b.repo = f.repo
WHERE (repo_id IS NULL OR f.repo = repo_id) AND f.authored_at <= b.end_at
  AND (window_days IS NULL OR f.authored_at > b.end_at - to_days(CAST(window_days AS INTEGER)));
