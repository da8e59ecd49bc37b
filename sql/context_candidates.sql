-- context_candidates(targets, repo_id, max_depth := 2, max_files := 15, neighbors := 5): table macro, one row per
--   symbol worth showing an agent working on `targets` (a list of symbol ids and file paths of one repository),
--   ranked. From the targets (a file stands for its definitions), expand through resolved edges both ways (callers
--   and callees) up to max_depth hops; each hop multiplies the edge's confidence and halves the weight. The top
--   `neighbors` files of each target file's fused neighbourhood add their most referenced definitions, weighted by
--   the neighbourhood score / 4. Only the max_files files with the best symbol come out.
-- Columns: repo, id, path, name, qualname, kind, line_start, line_end, relation (target | caller | callee |
--          neighbor), depth, score (1 for a target), file_rank (1 = the file of the best symbol), blob_sha (of its
--          file when indexed).
CREATE OR REPLACE MACRO context_candidates(targets, repo_id, max_depth := 2, max_files := 15, neighbors := 5) AS TABLE
WITH RECURSIVE
seeds AS (
    SELECT s.id, s.path FROM symbols s
    WHERE s.repo = repo_id AND (list_contains(targets, s.id)
          OR (list_contains(targets, s.path) AND s.kind <> 'module' AND s.parent_id IS NOT DISTINCT FROM
              (SELECT m.id FROM symbols m WHERE m.repo = repo_id AND m.path = s.path AND m.kind = 'module' LIMIT 1)))
),
links AS (  -- resolved edges both ways, strongest per pair and direction
    SELECT src_id AS a, dst_id AS b, 'callee' AS relation, max(confidence) AS confidence
    FROM edges WHERE repo = repo_id AND dst_id IS NOT NULL AND src_id <> dst_id GROUP BY ALL
    UNION ALL
    SELECT dst_id, src_id, 'caller', max(confidence)
    FROM edges WHERE repo = repo_id AND dst_id IS NOT NULL AND src_id <> dst_id GROUP BY ALL
),
walk(id, relation, depth, weight) AS (
    SELECT id, 'target', 0, 1.0 FROM seeds
    UNION ALL
    SELECT l.b, CASE WHEN w.relation = 'target' THEN l.relation ELSE w.relation END, w.depth + 1,
           w.weight * l.confidence * 0.5
    FROM walk w JOIN links l ON l.a = w.id
    WHERE w.depth < max_depth
),
reached AS (
    SELECT id, arg_max(relation, weight) AS relation, min(depth) AS depth, max(weight) AS score
    FROM walk GROUP BY id
),
target_files AS (
    SELECT DISTINCT path FROM seeds
),
near AS (  -- the fused neighbourhood of each target file
    SELECT n.neighbor AS path, max(n.score) AS score
    FROM target_files t, LATERAL (SELECT * FROM neighborhood(file := t.path, repo_id := repo_id)
                                  ORDER BY score DESC, neighbor LIMIT neighbors) n
    GROUP BY n.neighbor
),
inbound AS (
    SELECT dst_id AS id, count(*) AS refs FROM edges WHERE repo = repo_id AND dst_id IS NOT NULL GROUP BY ALL
),
near_symbols AS (  -- a neighbour file's three most referenced definitions
    SELECT s.id, 'neighbor' AS relation, 1 AS depth, n.score / 4 AS score
    FROM near n JOIN symbols s ON s.repo = repo_id AND s.path = n.path AND s.kind <> 'module'
    LEFT JOIN inbound i ON i.id = s.id
    QUALIFY row_number() OVER (PARTITION BY s.path ORDER BY coalesce(i.refs, 0) DESC, s.line_start) <= 3
),
candidates AS (
    SELECT id, arg_max(relation, score) AS relation, min(depth) AS depth, max(score) AS score
    FROM (SELECT * FROM reached UNION ALL SELECT * FROM near_symbols) GROUP BY id
),
located AS (
    SELECT c.*, s.path, s.name, s.qualname, s.kind, s.line_start, s.line_end,
           max(c.score) OVER (PARTITION BY s.path) AS file_score
    FROM candidates c JOIN symbols s ON s.repo = repo_id AND s.id = c.id
    WHERE s.kind <> 'module'
),
placed AS (
    SELECT *, dense_rank() OVER (ORDER BY file_score DESC, path) AS file_rank FROM located
)
SELECT repo_id AS repo, p.id, p.path, p.name, p.qualname, p.kind, p.line_start, p.line_end, p.relation, p.depth,
       p.score, p.file_rank, f.blob_sha
FROM placed p LEFT JOIN files f ON f.repo = repo_id AND f.path = p.path
WHERE p.file_rank <= max_files
ORDER BY p.score DESC, p.depth, p.path, p.line_start;
