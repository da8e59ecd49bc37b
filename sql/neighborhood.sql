-- neighborhood(file := NULL, repo_id := NULL, as_of := NULL, structure_weight := 0.07, co_change_weight := 0.63,
--              co_touch_weight := 0.30, co_change_prior := 1, max_changeset := 30): table macro, one row per
--   (repository, file, neighbor): the files related to a file, fused from three signals, each normalised to 0..1
--   and NULL when it says nothing about the pair:
--   structure  file_deps in both directions (the file's dependencies and its dependents), each pair weighted by the
--              references' summed confidences (count x confidence); log-scaled against the file's strongest pair:
--              ln(1 + w) / ln(1 + max w of the file).
--   co_change  ROSE confidence P(neighbor changes | file changes) = shared commits / (file's commits +
--              co_change_prior), from co_change over the commits of at most max_changeset files up to as_of
--              (the prior keeps a file seen in one commit from claiming certainty).
--   co_touch   agent sessions touching both, weighted as co_touch does (edits over reads, big sessions damped), per
--              session of the file: score / file_sessions, sessions up to as_of.
--   score      the weighted mean of the parts (a missing part counts 0) over the signals the repository has data
--              for: without git history or agent logs, the map comes from structure alone (and `signals` says so).
--   as_of bounds the history signals only (structure is the indexed snapshot): a commit or session after it cannot
--   change the answer, so an evaluation on later commits is honest. Default weights (a NULL weight means the
--   default): structure : co_change = 1 : 9 is the best of a grid by `codelake eval --tune` over five real
--   histories (Go, Rust, TypeScript, JavaScript, Python); co_touch 0.30 is not tuned (no public history has agent
--   logs): a pair agents keep working on together weighs about half a co-change of the same confidence. README,
--   "Neighbourhood", has the figures.
-- Columns: repo, file, neighbor, score, structure, co_change, co_touch, signals (list of the parts present),
--          deps_out (references file -> neighbor), deps_in (neighbor -> file), shared_commits, shared_sessions.
CREATE OR REPLACE MACRO neighborhood(file := NULL, repo_id := NULL, as_of := NULL, structure_weight := NULL,
                                     co_change_weight := NULL, co_touch_weight := NULL, co_change_prior := 1,
                                     max_changeset := 30) AS TABLE
WITH
weights AS (  -- the defaults live here only: a NULL weight (not given) means the default
    SELECT coalesce(structure_weight, 0.07) AS ws, coalesce(co_change_weight, 0.63) AS wc,
           coalesce(co_touch_weight, 0.30) AS wt
),
deps AS (
    SELECT d.repo, d.src_path AS a, d.dst_path AS b, d.weight AS w_out, 0.0 AS w_in, d.refs AS refs_out, 0 AS refs_in
    FROM file_deps d WHERE (repo_id IS NULL OR d.repo = repo_id) AND (file IS NULL OR d.src_path = file)
    UNION ALL
    SELECT d.repo, d.dst_path, d.src_path, 0.0, d.weight, 0, d.refs
    FROM file_deps d WHERE (repo_id IS NULL OR d.repo = repo_id) AND (file IS NULL OR d.dst_path = file)
),
structure_pairs AS (
    SELECT repo, a, b, sum(w_out) + sum(w_in) AS w, sum(refs_out) AS deps_out, sum(refs_in) AS deps_in
    FROM deps GROUP BY repo, a, b
),
structure_part AS (
    SELECT *, ln(1 + w) / nullif(ln(1 + max(w) OVER (PARTITION BY repo, a)), 0) AS part FROM structure_pairs
),
co_change_part AS (
    SELECT c.repo, c.file AS a, c.coupled AS b, c.shared_revs AS shared,
           c.shared_revs / (c.file_revs + co_change_prior) AS part
    FROM co_change(max_changeset := max_changeset, min_revs := 1, min_shared_revs := 1, min_coupling := 0,
                   as_of := as_of, repo_id := repo_id, for_file := file) c
    WHERE (repo_id IS NULL OR c.repo = repo_id) AND (file IS NULL OR c.file = file)
),
co_touch_part AS (
    SELECT t.repo, t.file AS a, t.other AS b, t.sessions AS shared, least(t.score / t.file_sessions, 1.0) AS part
    FROM co_touch(as_of := as_of) t
    WHERE (repo_id IS NULL OR t.repo = repo_id) AND (file IS NULL OR t.file = file)
),
available AS (  -- which signals have any data in each repository (up to as_of)
    SELECT f.repo,
           EXISTS (SELECT 1 FROM file_deps d WHERE d.repo = f.repo) AS has_structure,
           EXISTS (SELECT 1 FROM commits c WHERE c.repo = f.repo
                   AND (as_of IS NULL OR c.authored_at <= CAST(as_of AS TIMESTAMPTZ))) AS has_history,
           EXISTS (SELECT 1 FROM tool_calls c WHERE c.repo = f.repo AND c.path IS NOT NULL
                   AND (as_of IS NULL OR c.ts <= CAST(as_of AS TIMESTAMPTZ))) AS has_behaviour
    FROM (SELECT DISTINCT repo FROM files WHERE repo_id IS NULL OR repo = repo_id) f
),
joined AS (
    SELECT coalesce(s.repo, c.repo, t.repo) AS repo, coalesce(s.a, c.a, t.a) AS a, coalesce(s.b, c.b, t.b) AS b,
           s.part AS structure, c.part AS co_change, t.part AS co_touch,
           s.deps_out, s.deps_in, c.shared AS shared_commits, t.shared AS shared_sessions
    FROM structure_part s
    FULL JOIN co_change_part c ON c.repo = s.repo AND c.a = s.a AND c.b = s.b
    FULL JOIN co_touch_part t ON t.repo = coalesce(s.repo, c.repo) AND t.a = coalesce(s.a, c.a)
                             AND t.b = coalesce(s.b, c.b)
)
SELECT j.repo, j.a AS file, j.b AS neighbor,
       (w.ws * coalesce(j.structure, 0) + w.wc * coalesce(j.co_change, 0) + w.wt * coalesce(j.co_touch, 0))
       / nullif(w.ws * v.has_structure::INTEGER + w.wc * v.has_history::INTEGER + w.wt * v.has_behaviour::INTEGER,
                0) AS score,
       j.structure, j.co_change, j.co_touch,
       list_filter(['structure', 'co_change', 'co_touch'],
                   lambda name, i: [j.structure, j.co_change, j.co_touch][i] IS NOT NULL) AS signals,
       coalesce(j.deps_out, 0) AS deps_out, coalesce(j.deps_in, 0) AS deps_in,
       coalesce(j.shared_commits, 0) AS shared_commits, coalesce(j.shared_sessions, 0) AS shared_sessions
FROM joined j JOIN available v ON v.repo = j.repo, weights w
ORDER BY j.repo, j.a, score DESC, j.b;
