-- hotspots(window_days := 90, as_of := NULL, size := 'lines', include_generated := false, include_tests := false,
--   repo_id := NULL, for_paths := NULL): one row per file that exists in the structure tables (files, symbols), is
--   not a test (files.is_test) unless include_tests, nor generated or vendored unless include_generated, and changed
--   in the window
--   (as_of - window_days, as_of] (as_of: the repository's latest commit); repo_id: only that repository. Ranked by
--   score = recent revisions x size, size being the file's lines (size := 'lines') or its definitions (size :=
--   'symbols'). Trend compares the window with the one before it of the same length: revisions and churned lines
--   (added + deleted) in each; 'new' is a file whose first change (renames followed) falls in the window, while a
--   file older than the window that was quiet in the one before is 'rising' (an agent reads 'new' as a new file).
--   for_paths (a list of current paths): only those files' rows, ranked among every file as without it; the rank
--   reads only the window's changes of the others, their trend, churn and authors are not computed.
-- Columns: repo, rank, path, score, revisions, lines, symbols, previous_revisions, churn, previous_churn, trend
--          ('new', 'rising', 'steady', 'falling'), last_change, authors, first_change.
CREATE OR REPLACE MACRO hotspots(window_days := 90, as_of := NULL, size := 'lines', include_generated := false,
                                 include_tests := false, repo_id := NULL, for_paths := NULL) AS TABLE
WITH bounds AS (
    SELECT repo, end_at, to_days(CAST(window_days AS INTEGER)) AS span
    FROM history_end(as_of := as_of, repo_id := repo_id)
),
changes AS (
    SELECT f.repo, f.current_path AS path, f.sha, f.authored_at, f.lines_added, f.lines_deleted, f.author_email,
           b.end_at, b.span
    FROM file_changes_current f JOIN bounds b ON b.repo = f.repo
    WHERE f.alive AND (repo_id IS NULL OR f.repo = repo_id) AND f.authored_at <= b.end_at
),
recent AS (  -- what the rank needs of every file: its revisions in the window
    SELECT repo, path, count(DISTINCT sha) AS revisions FROM changes
    WHERE authored_at > end_at - span GROUP BY repo, path
),
history AS (  -- the rest, of the files asked for; authors are people (author_identities), not addresses
    SELECT c.repo, c.path,
           count(DISTINCT c.sha) FILTER (WHERE c.authored_at <= c.end_at - c.span
                                         AND c.authored_at > c.end_at - 2 * c.span) AS previous_revisions,
           coalesce(sum(c.lines_added + c.lines_deleted) FILTER (WHERE c.authored_at > c.end_at - c.span), 0) AS churn,
           coalesce(sum(c.lines_added + c.lines_deleted) FILTER (WHERE c.authored_at <= c.end_at - c.span
                                                                 AND c.authored_at > c.end_at - 2 * c.span), 0)
               AS previous_churn,
           count(DISTINCT coalesce(i.person, c.author_email)) FILTER (WHERE c.authored_at > c.end_at - c.span)
               AS authors,
           max(c.authored_at) AS last_change,
           min(c.authored_at) AS first_change,  -- the whole history: whether the file began in the window
           c.end_at - c.span AS window_start
    FROM changes c LEFT JOIN author_identities i ON i.repo = c.repo AND i.author_email = c.author_email
    WHERE for_paths IS NULL OR list_contains(for_paths, c.path)
    GROUP BY c.repo, c.path, c.end_at, c.span
),
definitions AS (
    SELECT repo, path, count(*) AS symbols FROM symbols
    WHERE qualname <> '<module>' AND (repo_id IS NULL OR repo = repo_id) GROUP BY repo, path
),
scored AS (
    SELECT r.*, fl.lines, coalesce(d.symbols, 0) AS symbols,
           r.revisions * CASE size WHEN 'lines' THEN coalesce(fl.lines, 0) WHEN 'symbols' THEN coalesce(d.symbols, 0)
                                   ELSE error('hotspots: size must be ''lines'' or ''symbols''') END AS score
    FROM recent r JOIN files fl ON fl.repo = r.repo AND fl.path = r.path
    LEFT JOIN definitions d ON d.repo = r.repo AND d.path = r.path
    WHERE (include_tests OR NOT coalesce(fl.is_test, false))
      AND (include_generated OR NOT (coalesce(fl.is_generated, false) OR coalesce(fl.is_vendored, false)))
),
ranked AS (
    SELECT *, rank() OVER (PARTITION BY repo ORDER BY score DESC, revisions DESC) AS rank FROM scored
)
SELECT r.repo, r.rank, r.path, r.score, r.revisions, r.lines, r.symbols, h.previous_revisions, h.churn,
       h.previous_churn,
       CASE WHEN h.first_change > h.window_start THEN 'new' WHEN r.revisions > h.previous_revisions THEN 'rising'
            WHEN r.revisions < h.previous_revisions THEN 'falling' ELSE 'steady' END AS trend,
       h.last_change, h.authors, h.first_change
FROM ranked r JOIN history h ON h.repo = r.repo AND h.path = r.path
ORDER BY r.repo, r.rank, r.path;
