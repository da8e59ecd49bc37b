-- blast_radius(target, max_depth := 4, reverse := false, min_confidence := 0.0, repo_id := NULL): table macro.
-- Grain: one row per symbol that transitively depends on the target (a symbol id, or a file path = all its
-- symbols); reverse := true walks the other way (what the target depends on). Shortest depth via breadth-first
-- search over integer symbol ids (symbols.sid, edges.src_sid/dst_sid) that never revisits a symbol, so cycles end.
-- Columns: repo, id, name, kind, path, line_start, depth, is_test, other_file (not in the target's file),
--          via_guess (every shortest path uses a name-guessed edge: unique_name/ambiguous), confidence (best
--          product of edge confidences along a shortest path), may_be_incomplete (via_guess, or the symbol's file
--          was not fully parsed), via (one symbol one step closer to the target).
CREATE OR REPLACE MACRO blast_radius(target, max_depth := 4, reverse := false, min_confidence := 0.0,
                                     repo_id := NULL) AS TABLE
WITH RECURSIVE
seeds AS (
    SELECT repo, sid, path FROM symbols
    WHERE (id = target OR path = target) AND (repo_id IS NULL OR repo = repo_id)
),
graph AS MATERIALIZED (
    SELECT repo,
           CASE WHEN reverse THEN src_sid ELSE dst_sid END AS from_sid,
           CASE WHEN reverse THEN dst_sid ELSE src_sid END AS to_sid,
           confidence,
           resolution IN ('unique_name', 'ambiguous') AS guessed
    FROM edges
    WHERE dst_sid IS NOT NULL AND src_sid <> dst_sid AND confidence >= min_confidence
      AND (repo_id IS NULL OR repo = repo_id)
),
walk(repo, sid, depth, guessed, confidence, via) USING KEY (repo, sid) AS (
    SELECT repo, sid, 0, false, 1.0::DOUBLE, NULL::INTEGER FROM seeds
    UNION
    SELECT g.repo, g.to_sid, min(w.depth) + 1, bool_and(w.guessed OR g.guessed),
           max(w.confidence * g.confidence), min(w.sid)
    FROM walk w
    JOIN graph g ON g.repo = w.repo AND g.from_sid = w.sid
    WHERE w.depth < max_depth
      AND NOT EXISTS (SELECT 1 FROM recurring.walk r WHERE r.repo = g.repo AND r.sid = g.to_sid)
    GROUP BY g.repo, g.to_sid
),
reached AS (
    SELECT * FROM walk WHERE depth > 0
),
needed AS MATERIALIZED (  -- one pass over symbols for the reached symbols and their via symbols
    SELECT repo, sid, id, name, kind, path, line_start, is_test FROM symbols
    WHERE (repo_id IS NULL OR repo = repo_id) AND sid IN (SELECT sid FROM reached UNION ALL SELECT via FROM reached)
)
SELECT w.repo, s.id, s.name, s.kind, s.path, s.line_start, w.depth, s.is_test,
       s.path NOT IN (SELECT path FROM seeds) AS other_file,
       w.guessed AS via_guess, round(w.confidence, 3) AS confidence,
       w.guessed OR coalesce(f.parse_status, 'ok') NOT IN ('ok') AS may_be_incomplete,
       v.id AS via
FROM reached w
JOIN needed s ON s.repo = w.repo AND s.sid = w.sid
LEFT JOIN needed v ON v.repo = w.repo AND v.sid = w.via
LEFT JOIN (SELECT repo, path, parse_status FROM files WHERE path IN (SELECT path FROM needed)) f
       ON f.repo = s.repo AND f.path = s.path
ORDER BY w.depth, s.path, s.line_start;
