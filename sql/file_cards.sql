-- file_cards(repo_id := NULL, top := 3, for_paths := NULL): one row per source file (not skipped): the facts of its
--   snippet, what an agent should know before reading or editing it: the structure facts (file_structure_cards:
--   role, most-called symbols with callers outside and inside tests, dependents, tests, covered files, unused
--   exports, depends_on) and the history and agent facts (file_history_cards: co-change and co-touch partners,
--   owner, hotspot rank). Lists are ordered strongest first and cut to `top` entries (counts say how many there
--   are in all). for_paths (a list of paths) keeps only those files; the structure half then costs milliseconds per
--   file, the history half still reads the whole history.
-- Columns: repo, path, language, is_test, role, blob_sha, indexed_commit, called, dependents, dependents_count,
--          tests, tests_count, covers, covers_count, unused, unused_count, depends_on, co_changed, co_touched,
--          owner, ownership, hotspot_rank, hotspot_trend.
CREATE OR REPLACE MACRO file_cards(repo_id := NULL, top := 3, for_paths := NULL) AS TABLE
SELECT s.*, coalesce(h.co_changed, []) AS co_changed, coalesce(h.co_touched, []) AS co_touched,
       h.owner, h.ownership, h.hotspot_rank, h.hotspot_trend
FROM file_structure_cards(repo_id := repo_id, for_paths := for_paths, top := top) s
LEFT JOIN file_history_cards(repo_id := repo_id, for_paths := for_paths, top := top) h
       ON h.repo = s.repo AND h.path = s.path
ORDER BY s.repo, s.path;
