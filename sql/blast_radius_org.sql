-- blast_radius_org(target, max_depth := 4, reverse := false, min_confidence := 0.0, repo_id := NULL): table macro,
--   blast_radius across repositories: the walk follows each repository's own edges and the cross_repo_edges into
--   (or, reversed, out of) other indexed repositories, so a change to a shared interface reaches its callers
--   elsewhere. Target and repo_id as in blast_radius (repo_id picks the target's repository).
-- Grain: one row per (repository, symbol) that transitively depends on the target (reverse: it depends on).
-- Columns: repo, id, name, kind, path, line_start, depth, is_test, other_file, other_repo (not in the target's
--          repository), via_guess, confidence, may_be_incomplete, via_repo, via.
CREATE OR REPLACE MACRO blast_radius_org(target, max_depth := 4, reverse := false, min_confidence := 0.0,
                                         repo_id := NULL) AS TABLE
WITH RECURSIVE
seeds AS (
    SELECT repo, sid, path FROM symbols
    WHERE (id = target OR path = target) AND (repo_id IS NULL OR repo = repo_id)
),
links AS (
    SELECT repo AS src_repo, src_sid, repo AS dst_repo, dst_sid, confidence,
           resolution IN ('unique_name', 'ambiguous') AS guessed
    FROM edges WHERE dst_sid IS NOT NULL AND src_sid <> dst_sid
    UNION ALL
    SELECT repo, src_sid, dst_repo, dst_sid, confidence, resolution = 'package_ambiguous'
    FROM cross_repo_edges WHERE dst_sid IS NOT NULL AND src_sid IS NOT NULL
),
graph AS MATERIALIZED (
    SELECT CASE WHEN reverse THEN src_repo ELSE dst_repo END AS from_repo,
           CASE WHEN reverse THEN src_sid ELSE dst_sid END AS from_sid,
           CASE WHEN reverse THEN dst_repo ELSE src_repo END AS to_repo,
           CASE WHEN reverse THEN dst_sid ELSE src_sid END AS to_sid,
           confidence, guessed
    FROM links WHERE confidence >= min_confidence
),
walk(repo, sid, depth, guessed, confidence, via_repo, via) USING KEY (repo, sid) AS (
    SELECT repo, sid, 0, false, 1.0::DOUBLE, NULL::VARCHAR, NULL::INTEGER FROM seeds
    UNION
    SELECT g.to_repo, g.to_sid, min(w.depth) + 1, bool_and(w.guessed OR g.guessed),
           max(w.confidence * g.confidence), min(w.repo), min(w.sid)
    FROM walk w
    JOIN graph g ON g.from_repo = w.repo AND g.from_sid = w.sid
    WHERE w.depth < max_depth
      AND NOT EXISTS (SELECT 1 FROM recurring.walk r WHERE r.repo = g.to_repo AND r.sid = g.to_sid)
    GROUP BY g.to_repo, g.to_sid
),
reached AS (
    SELECT * FROM walk WHERE depth > 0
),
needed AS MATERIALIZED (
    SELECT s.repo, s.sid, s.id, s.name, s.kind, s.path, s.line_start, s.is_test FROM symbols s
    WHERE (s.repo, s.sid) IN (SELECT repo, sid FROM reached UNION ALL SELECT via_repo, via FROM reached)
)
SELECT w.repo, s.id, s.name, s.kind, s.path, s.line_start, w.depth, s.is_test,
       (w.repo, s.path) NOT IN (SELECT repo, path FROM seeds) AS other_file,
       w.repo NOT IN (SELECT repo FROM seeds) AS other_repo,
       w.guessed AS via_guess, round(w.confidence, 3) AS confidence,
       w.guessed OR coalesce(f.parse_status, 'ok') NOT IN ('ok') AS may_be_incomplete,
       w.via_repo, v.id AS via
FROM reached w
JOIN needed s ON s.repo = w.repo AND s.sid = w.sid
LEFT JOIN needed v ON v.repo = w.via_repo AND v.sid = w.via
LEFT JOIN files f ON f.repo = s.repo AND f.path = s.path
ORDER BY w.depth, w.repo, s.path, s.line_start;
