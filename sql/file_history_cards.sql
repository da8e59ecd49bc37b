-- file_history_cards(repo_id := NULL, for_paths := NULL, top := 3): one row per file with history or agent facts:
--   what git and agent sessions say about it (file_cards adds them to the structure facts). for_paths keeps only
--   those files: co-change pairs only their commits, ownership reads only their changes, hotspots rank them among
--   every file from the window's changes only (a rank needs every file, not their whole histories). A per-file
--   export reuses these facts from the previous export while the history tables are unchanged
--   (pipeline/exports/export.py).
--   co_changed    files changed in the same commits (co_change, >= 2 shared commits): path, confidence (ROSE)
--   co_touched    files agents touched in the same sessions (co_touch): path, sessions
--   owner, ownership (main developer by added lines and share), hotspot_rank and trend (hotspots, 90 days, when
--   in the top 10 of its repository; tests left out)
-- Columns: repo, path, co_changed, co_touched, owner, ownership, hotspot_rank, hotspot_trend.
CREATE OR REPLACE MACRO file_history_cards(repo_id := NULL, for_paths := NULL, top := 3) AS TABLE
WITH
co_changed AS (
    SELECT repo, file AS path,
           list({'path': coupled, 'confidence': round(confidence, 2)} ORDER BY confidence DESC, shared_revs DESC,
                coupled)[:top] AS co_changed
    FROM co_change(min_revs := 1, min_shared_revs := 2, min_coupling := 0, repo_id := repo_id, for_paths := for_paths)
    WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, file))
    GROUP BY repo, file
),
co_touched AS (
    SELECT repo, file AS path,
           list({'path': other, 'sessions': sessions} ORDER BY score DESC, sessions DESC, other)[:top] AS co_touched
    FROM co_touch()
    WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, file))
    GROUP BY repo, file
),
owners AS (
    SELECT repo, path, coalesce(main_dev_name, main_dev) AS owner, ownership
    FROM ownership(repo_id := repo_id, for_paths := for_paths)
    WHERE kind = 'file' AND (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, path))
),
hot AS (
    SELECT repo, path, rank AS hotspot_rank, trend AS hotspot_trend
    FROM hotspots(repo_id := repo_id, for_paths := for_paths)
    WHERE rank <= 10 AND (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, path))
),
keys AS (
    SELECT repo, path FROM co_changed UNION SELECT repo, path FROM co_touched
    UNION SELECT repo, path FROM owners UNION SELECT repo, path FROM hot
)
SELECT k.repo, k.path, coalesce(cc.co_changed, []) AS co_changed, coalesce(ct.co_touched, []) AS co_touched,
       o.owner, o.ownership, h.hotspot_rank, h.hotspot_trend
FROM keys k
LEFT JOIN co_changed cc ON cc.repo = k.repo AND cc.path = k.path
LEFT JOIN co_touched ct ON ct.repo = k.repo AND ct.path = k.path
LEFT JOIN owners o ON o.repo = k.repo AND o.path = k.path
LEFT JOIN hot h ON h.repo = k.repo AND h.path = k.path
ORDER BY k.repo, k.path;
