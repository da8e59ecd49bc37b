-- hotspots(window_days := 90, as_of := NULL, size := 'lines', include_generated := false, include_tests := false,
--   repo_id := NULL): one row per file that exists in the structure tables (files, symbols), is not a test (files.
--   is_test) unless include_tests, nor generated or vendored unless include_generated, and changed in the window
--   (as_of - window_days, as_of] (as_of: the repository's latest commit); repo_id: only that repository. Ranked by
--   score = recent revisions x size, size being the file's lines (size := 'lines') or its definitions (size :=
--   'symbols'). Trend compares the window with the one before it of the same length: revisions and churned lines
--   (added + deleted) in each; 'new' is a file whose first change (renames followed) falls in the window, while a
--   file older than the window that was quiet in the one before is 'rising' (an agent reads 'new' as a new file).
-- Columns: repo, rank, path, score, revisions, lines, symbols, previous_revisions, churn, previous_churn, trend
--          ('new', 'rising', 'steady', 'falling'), last_change, authors, first_change.
CREATE OR REPLACE MACRO hotspots(window_days := 90, as_of := NULL, size := 'lines', include_generated := false,
                                 include_tests := false, repo_id := NULL) AS TABLE
WITH bounds AS (
    SELECT repo, end_at, to_days(CAST(window_days AS INTEGER)) AS span
    FROM history_end(as_of := as_of, repo_id := repo_id)
),
history AS (  -- one scan of the changes; authors are people (author_identities), not addresses
    SELECT f.repo, f.current_path AS path,
           count(DISTINCT f.sha) FILTER (WHERE f.authored_at > b.end_at - b.span) AS revisions,
           count(DISTINCT f.sha) FILTER (WHERE f.authored_at <= b.end_at - b.span
                                         AND f.authored_at > b.end_at - 2 * b.span) AS previous_revisions,
           coalesce(sum(f.lines_added + f.lines_deleted) FILTER (WHERE f.authored_at > b.end_at - b.span), 0) AS churn,
           coalesce(sum(f.lines_added + f.lines_deleted) FILTER (WHERE f.authored_at <= b.end_at - b.span
                                                                 AND f.authored_at > b.end_at - 2 * b.span), 0)
               AS previous_churn,
           count(DISTINCT coalesce(i.person, f.author_email)) FILTER (WHERE f.authored_at > b.end_at - b.span)
               AS authors,
           max(f.authored_at) AS last_change,
           min(f.authored_at) AS first_change,  -- the whole history: whether the file began in the window
           b.end_at - b.span AS window_start
    FROM file_changes_current f JOIN bounds b ON b.repo = f.repo
    LEFT JOIN author_identities i ON i.repo = f.repo AND i.author_email = f.author_email
    WHERE f.alive AND (repo_id IS NULL OR f.repo = repo_id) AND f.authored_at <= b.end_at
    GROUP BY f.repo, f.current_path, b.end_at, b.span
),
definitions AS (
    SELECT repo, path, count(*) AS symbols FROM symbols
    WHERE qualname <> '<module>' AND (repo_id IS NULL OR repo = repo_id) GROUP BY repo, path
),
scored AS (
    SELECT h.*, fl.lines, coalesce(d.symbols, 0) AS symbols,
           h.revisions * CASE size WHEN 'lines' THEN coalesce(fl.lines, 0) WHEN 'symbols' THEN coalesce(d.symbols, 0)
                                   ELSE error('hotspots: size must be ''lines'' or ''symbols''') END AS score
    FROM history h JOIN files fl ON fl.repo = h.repo AND fl.path = h.path
    LEFT JOIN definitions d ON d.repo = h.repo AND d.path = h.path
    WHERE h.revisions > 0 AND (include_tests OR NOT coalesce(fl.is_test, false))
      AND (include_generated OR NOT (coalesce(fl.is_generated, false) OR coalesce(fl.is_vendored, false)))
)
SELECT repo, rank() OVER (PARTITION BY repo ORDER BY score DESC, revisions DESC) AS rank, path, score, revisions,
       lines, symbols, previous_revisions, churn, previous_churn,
       CASE WHEN first_change > window_start THEN 'new' WHEN revisions > previous_revisions THEN 'rising'
            WHEN revisions < previous_revisions THEN 'falling' ELSE 'steady' END AS trend,
       last_change, authors, first_change
FROM scored
ORDER BY repo, rank, path;
