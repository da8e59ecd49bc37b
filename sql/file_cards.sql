-- file_cards(repo_id := NULL, top := 3): one row per source file (not skipped): the facts of its snippet, what an
--   agent should know before reading or editing it. Lists are ordered strongest first and cut to `top` entries
--   (counts say how many there are in all).
--   called        its most-referenced symbols from other files: name, callers (distinct calling symbols), modules
--                 (the calling files, most calls first); imports and guesses through untyped objects (confidence
--                 < 0.5) left out
--   dependents    files (not tests) that depend on it (file_deps), by weight; dependents_count
--   unused        exported symbols nothing references (dead_code, confidence >= 0.6); unused_count
--   tests         test files with references into it; tests_count
--   co_changed    files changed in the same commits (co_change, >= 2 shared commits): path, confidence (ROSE)
--   co_touched    files agents touched in the same sessions (co_touch): path, sessions
--   owner, ownership (main developer by added lines and share), hotspot_rank and trend (hotspots, 90 days, when
--   in the top 10 of its repository)
-- Columns: repo, path, language, is_test, blob_sha, indexed_commit, called, dependents, dependents_count, unused,
--          unused_count, tests, tests_count, co_changed, co_touched, owner, ownership, hotspot_rank, hotspot_trend.
CREATE OR REPLACE MACRO file_cards(repo_id := NULL, top := 3) AS TABLE
WITH
src AS (
    SELECT * FROM files WHERE parse_status <> 'skipped' AND (repo_id IS NULL OR repo = repo_id)
),
inbound AS (  -- references from other files into each symbol
    SELECT e.repo, s.path, s.id, s.name, e.src_id, e.path AS caller_path
    FROM edges e JOIN symbols s ON s.repo = e.repo AND s.id = e.dst_id
    WHERE e.path <> s.path AND s.kind <> 'module' AND e.kind <> 'imports' AND e.confidence >= 0.5
      AND (repo_id IS NULL OR e.repo = repo_id)
),
per_module AS (
    SELECT repo, path, id, any_value(name) AS name, caller_path, count(DISTINCT src_id) AS calls
    FROM inbound GROUP BY repo, path, id, caller_path
),
symbol_callers AS (
    SELECT repo, path, id, any_value(name) AS name, sum(calls) AS callers,
           list(caller_path ORDER BY calls DESC, caller_path)[:2] AS modules
    FROM per_module GROUP BY repo, path, id
),
called AS (
    SELECT repo, path,
           list({'name': name, 'callers': callers, 'modules': modules}
                ORDER BY callers DESC, name)[:top] AS called
    FROM symbol_callers GROUP BY repo, path
),
dependents AS (  -- tests apart: they are listed as the tests that exercise the file
    SELECT repo, dst_path AS path,
           list(src_path ORDER BY weight DESC, src_path) FILTER (WHERE NOT src_is_test) AS dependents,
           list(src_path ORDER BY weight DESC, src_path) FILTER (WHERE src_is_test) AS tests
    FROM (SELECT d.*, coalesce(f.is_test, false) AS src_is_test FROM file_deps d
          LEFT JOIN files f ON f.repo = d.repo AND f.path = d.src_path
          WHERE repo_id IS NULL OR d.repo = repo_id)
    GROUP BY repo, dst_path
),
unused AS (
    SELECT repo, path, list(name ORDER BY line_start)[:top] AS unused, count(*) AS unused_count
    FROM dead_code WHERE is_exported AND kind <> 'module' AND confidence >= 0.6 AND (repo_id IS NULL OR repo = repo_id)
    GROUP BY repo, path
),
co_changed AS (
    SELECT repo, file AS path,
           list({'path': coupled, 'confidence': round(confidence, 2)} ORDER BY confidence DESC, shared_revs DESC,
                coupled)[:top] AS co_changed
    FROM co_change(min_revs := 1, min_shared_revs := 2, min_coupling := 0, repo_id := repo_id)
    WHERE repo_id IS NULL OR repo = repo_id
    GROUP BY repo, file
),
co_touched AS (
    SELECT repo, file AS path,
           list({'path': other, 'sessions': sessions} ORDER BY score DESC, sessions DESC, other)[:top] AS co_touched
    FROM co_touch() WHERE repo_id IS NULL OR repo = repo_id
    GROUP BY repo, file
),
owners AS (
    SELECT repo, path, coalesce(main_dev_name, main_dev) AS owner, ownership
    FROM ownership(repo_id := repo_id) WHERE kind = 'file' AND (repo_id IS NULL OR repo = repo_id)
),
hot AS (
    SELECT repo, path, rank AS hotspot_rank, trend AS hotspot_trend
    FROM hotspots(repo_id := repo_id) WHERE rank <= 10 AND (repo_id IS NULL OR repo = repo_id)
)
SELECT s.repo, s.path, s.language, s.is_test, s.blob_sha, s.indexed_commit,
       coalesce(c.called, []) AS called, coalesce(d.dependents[:top], []) AS dependents,
       coalesce(len(d.dependents), 0) AS dependents_count,
       coalesce(u.unused, []) AS unused, coalesce(u.unused_count, 0) AS unused_count,
       coalesce(d.tests[:top], []) AS tests, coalesce(len(d.tests), 0) AS tests_count,
       coalesce(cc.co_changed, []) AS co_changed, coalesce(ct.co_touched, []) AS co_touched,
       o.owner, o.ownership, h.hotspot_rank, h.hotspot_trend
FROM src s
LEFT JOIN called c ON c.repo = s.repo AND c.path = s.path
LEFT JOIN dependents d ON d.repo = s.repo AND d.path = s.path
LEFT JOIN unused u ON u.repo = s.repo AND u.path = s.path
LEFT JOIN co_changed cc ON cc.repo = s.repo AND cc.path = s.path
LEFT JOIN co_touched ct ON ct.repo = s.repo AND ct.path = s.path
LEFT JOIN owners o ON o.repo = s.repo AND o.path = s.path
LEFT JOIN hot h ON h.repo = s.repo AND h.path = s.path
ORDER BY s.repo, s.path;
