-- neighborhood_eval(repo_id, split_at, weights := [[NULL, NULL, NULL]], k := 10): table macro, the time-split
--   self-evaluation of the neighbourhood signals (what `codelake eval` prints). Queries: each file of each commit of
--   2 to 30 files authored after split_at that already existed at the split (in the structure tables or changed
--   before it), asked to predict the commit's other files (current paths of files still alive). Every signal sees
--   only the past: neighborhood(as_of := split_at). A signal ranks a file's neighbours by its own part (structure,
--   co_change, co_touch; pairs it has no data for are not ranked); the fusion by the weighted sum of the parts,
--   once per weight triple [structure, co_change, co_touch] given (a triple with a NULL: neighborhood's default
--   weights, its own score). Ties break by path.
--   hit@n: share of queries with a right file among the top n; recall@k: share of the commit's other files found
--   in the top k, averaged over queries. answered: queries for which the signal ranked anything.
-- Columns: signal (structure | co_change | co_touch | fusion), weights (the triple, fusion only), queries, answered,
--          hit_1, hit_3, hit_10, recall_10.
CREATE OR REPLACE MACRO neighborhood_eval(repo_id, split_at, weights := [[NULL, NULL, NULL]], k := 10) AS TABLE
WITH
later AS (
    SELECT sha, list(DISTINCT current_path) FILTER (WHERE alive) AS files, count(*) AS changed
    FROM file_changes_current
    WHERE repo = repo_id AND authored_at > CAST(split_at AS TIMESTAMPTZ)
    GROUP BY sha HAVING count(*) BETWEEN 2 AND 30
),
known AS (
    SELECT path FROM files WHERE repo = repo_id
    UNION
    SELECT current_path FROM file_changes_current WHERE repo = repo_id AND authored_at <= CAST(split_at AS TIMESTAMPTZ)
),
queries AS (
    SELECT l.sha, q.file, list_filter(l.files, lambda x: x <> q.file) AS targets
    FROM later l, unnest(l.files) AS q(file)
    WHERE q.file IN (SELECT path FROM known) AND len(l.files) >= 2
),
parts AS (
    SELECT n.file, n.neighbor, n.structure, n.co_change, n.co_touch, n.score
    FROM neighborhood(repo_id := repo_id, as_of := split_at) n
    WHERE n.file IN (SELECT DISTINCT file FROM queries)
),
grid AS (
    SELECT i AS combo, weights[i] AS w FROM range(1, len(weights) + 1) r(i)
),
scored AS (
    SELECT 'structure' AS signal, NULL::DOUBLE[] AS w, file, neighbor, structure AS value FROM parts
    WHERE structure IS NOT NULL
    UNION ALL
    SELECT 'co_change', NULL, file, neighbor, co_change FROM parts WHERE co_change IS NOT NULL
    UNION ALL
    SELECT 'co_touch', NULL, file, neighbor, co_touch FROM parts WHERE co_touch IS NOT NULL
    UNION ALL
    SELECT 'fusion', g.w, p.file, p.neighbor,
           CASE WHEN len(list_filter(g.w, lambda x: x IS NULL)) > 0 THEN p.score
                ELSE g.w[1] * coalesce(p.structure, 0) + g.w[2] * coalesce(p.co_change, 0)
                     + g.w[3] * coalesce(p.co_touch, 0) END
    FROM parts p, grid g
),
ranked AS (
    SELECT signal, w, file, neighbor,
           row_number() OVER (PARTITION BY signal, w, file ORDER BY value DESC, neighbor) AS position
    FROM scored WHERE value > 0
    QUALIFY position <= k
),
signals AS (
    SELECT DISTINCT signal, w FROM scored
    UNION SELECT 'structure', NULL UNION SELECT 'co_change', NULL UNION SELECT 'co_touch', NULL
),
judged AS (
    SELECT s.signal, s.w, q.sha, q.file, len(q.targets) AS wanted,
           min(r.position) FILTER (WHERE list_contains(q.targets, r.neighbor)) AS first_hit,
           count(r.neighbor) FILTER (WHERE list_contains(q.targets, r.neighbor)) AS found,
           count(r.neighbor) AS ranked
    FROM queries q CROSS JOIN signals s
    LEFT JOIN ranked r ON r.file = q.file AND r.signal = s.signal AND r.w IS NOT DISTINCT FROM s.w
    GROUP BY s.signal, s.w, q.sha, q.file, q.targets
)
SELECT signal, w AS weights, count(*) AS queries, count(*) FILTER (WHERE ranked > 0) AS answered,
       round(avg(coalesce(first_hit <= 1, false)::INTEGER), 4) AS hit_1,
       round(avg(coalesce(first_hit <= 3, false)::INTEGER), 4) AS hit_3,
       round(avg(coalesce(first_hit <= 10, false)::INTEGER), 4) AS hit_10, round(avg(found / wanted), 4) AS recall_10
FROM judged
GROUP BY signal, w
ORDER BY CASE signal WHEN 'structure' THEN 1 WHEN 'co_change' THEN 2 WHEN 'co_touch' THEN 3 ELSE 4 END, w;
