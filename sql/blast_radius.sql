-- blast_radius(target, max_depth := 4, reverse := false, min_confidence := 0.0, repo_id := NULL): table macro.
-- Grain: one row per symbol that transitively depends on the target (a symbol id, or a file path = all its
-- symbols); reverse := true walks the other way (what the target depends on). Shortest depth via breadth-first
-- search that never revisits a symbol, so cycles terminate.
-- Columns: repo, id, name, kind, path, line_start, depth, is_test, other_file (not in the target's file),
--          via_guess (every shortest path uses a name-guessed edge: unique_name/ambiguous), confidence (best
--          product of edge confidences along a shortest path), may_be_incomplete (via_guess, or the symbol's file
--          was not fully parsed), via (one symbol one step closer to the target).
CREATE OR REPLACE MACRO blast_radius(target, max_depth := 4, reverse := false, min_confidence := 0.0,
                                     repo_id := NULL) AS TABLE
WITH RECURSIVE
seeds AS (
    SELECT repo, id, path FROM symbols
    WHERE (id = target OR path = target) AND (repo_id IS NULL OR repo = repo_id)
),
graph AS (
    SELECT repo,
           CASE WHEN reverse THEN src_id ELSE dst_id END AS from_id,
           CASE WHEN reverse THEN dst_id ELSE src_id END AS to_id,
           confidence,
           resolution IN ('unique_name', 'ambiguous') AS guessed
    FROM edges
    WHERE dst_id IS NOT NULL AND src_id <> dst_id AND confidence >= min_confidence
      AND (repo_id IS NULL OR repo = repo_id)
),
walk(repo, id, depth, guessed, confidence, via) USING KEY (repo, id) AS (
    SELECT repo, id, 0, false, 1.0::DOUBLE, NULL::VARCHAR FROM seeds
    UNION
    SELECT g.repo, g.to_id, min(w.depth) + 1, bool_and(w.guessed OR g.guessed),
           max(w.confidence * g.confidence), min(w.id)
    FROM walk w
    JOIN graph g ON g.repo = w.repo AND g.from_id = w.id
    WHERE w.depth < max_depth
      AND NOT EXISTS (SELECT 1 FROM recurring.walk r WHERE r.repo = g.repo AND r.id = g.to_id)
    GROUP BY g.repo, g.to_id
)
SELECT w.repo, w.id, s.name, s.kind, s.path, s.line_start, w.depth, s.is_test,
       s.path NOT IN (SELECT path FROM seeds) AS other_file,
       w.guessed AS via_guess, round(w.confidence, 3) AS confidence,
       w.guessed OR coalesce(f.parse_status, 'ok') NOT IN ('ok') AS may_be_incomplete,
       w.via
FROM walk w
JOIN symbols s ON s.repo = w.repo AND s.id = w.id
LEFT JOIN files f ON f.repo = s.repo AND f.path = s.path
WHERE w.depth > 0
ORDER BY w.depth, s.path, s.line_start;
