-- co_change(max_changeset := 30, min_revs := 5, min_shared_revs := 5, min_coupling := 30, half_life_days := NULL,
--           window_days := NULL, as_of := NULL, include_deleted := false, repo_id := NULL, for_file := NULL,
--           for_paths := NULL): one
--   row per ordered pair of files (current paths) changed in the same commits, each pair twice (once from each
--   side), so that `WHERE file = ?` lists a file's partners. repo_id keeps one repository; for_file (a current path)
--   keeps only that file's pairs (DuckDB pushes the filter into the pairing; its partners' revisions are still counted in
--   full), so one file's partners never cost the whole pair matrix; for_paths (a list of current paths) likewise
--   keeps those files' pairs, paired only over their own commits (a list filter outside the macro is not pushed
--   into the pairing: rails' 3 files 0.96 s -> 0.3 s of CPU). code-maat's logical coupling: commits touching
--   more than max_changeset files are ignored (revisions are counted on the commits kept); degree = shared
--   revisions / average revisions x 100, truncated; a pair is kept when average revisions >= min_revs, shared
--   revisions >= min_shared_revs and degree >= min_coupling (code-maat's defaults). confidence = shared / the file's
--   revisions (ROSE's P(coupled changes | file changes)), reverse_confidence the other way. With half_life_days, each
--   commit weighs 0.5^(age / half_life) and weighted_degree uses weighted counts (recency weighting); thresholds stay
--   on the plain counts.
-- Columns: repo, file, coupled, shared_revs, file_revs, coupled_revs, average_revs, degree, confidence,
--          reverse_confidence, weighted_shared_revs, weighted_degree, last_shared_change.
CREATE OR REPLACE MACRO co_change(max_changeset := 30, min_revs := 5, min_shared_revs := 5, min_coupling := 30,
                                  half_life_days := NULL, window_days := NULL, as_of := NULL,
                                  include_deleted := false, repo_id := NULL, for_file := NULL,
                                  for_paths := NULL) AS TABLE
WITH kept AS (  -- change sets no larger than max_changeset
    SELECT *, CASE WHEN half_life_days IS NULL THEN 1.0
                   ELSE 0.5 ^ (epoch(end_at - authored_at) / 86400.0 / half_life_days) END AS weight
    FROM history_changesets(max_changeset := max_changeset, window_days := window_days, as_of := as_of,
                            include_deleted := include_deleted, repo_id := repo_id)
),
revs AS (
    SELECT repo, path, count(*) AS revs, sum(weight) AS weighted FROM kept GROUP BY repo, path
),
pairs AS (
    SELECT a.repo, a.path AS file, b.path AS coupled, count(*) AS shared, sum(a.weight) AS weighted,
           max(a.authored_at) AS last_shared_change
    FROM kept a JOIN kept b ON b.repo = a.repo AND b.sha = a.sha AND b.path <> a.path
    WHERE (for_file IS NULL OR a.path = for_file) AND (for_paths IS NULL OR list_contains(for_paths, a.path))
    GROUP BY a.repo, a.path, b.path
),
measured AS (
    SELECT p.*, ra.revs AS file_revs, rb.revs AS coupled_revs, (ra.revs + rb.revs) / 2 AS average_revs,
           100.0 * p.shared / ((ra.revs + rb.revs) / 2) AS coupling,
           100.0 * p.weighted / ((ra.weighted + rb.weighted) / 2) AS weighted_coupling
    -- LEFT joins (each pair's two files have revisions): the pairs stay the driving side. With inner joins a
    -- few files' pairs (estimated at one row) had DuckDB join revs to revs by repository first: rails 20.7M rows
    FROM pairs p LEFT JOIN revs ra ON ra.repo = p.repo AND ra.path = p.file
    LEFT JOIN revs rb ON rb.repo = p.repo AND rb.path = p.coupled
)
SELECT repo, file, coupled, shared AS shared_revs, file_revs, coupled_revs, average_revs,
       CAST(floor(coupling + 1e-9) AS INTEGER) AS degree, shared / file_revs AS confidence,
       shared / coupled_revs AS reverse_confidence, weighted AS weighted_shared_revs,
       CAST(floor(weighted_coupling + 1e-9) AS INTEGER) AS weighted_degree, last_shared_change
FROM measured
WHERE average_revs >= min_revs AND shared >= min_shared_revs AND coupling >= min_coupling
  AND (for_file IS NULL OR file = for_file)
ORDER BY repo, degree DESC, shared_revs DESC, file, coupled;
