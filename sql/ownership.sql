-- ownership(inactive_days := 180, window_days := NULL, as_of := NULL, include_deleted := false, repo_id := NULL,
--           for_path := NULL, for_paths := NULL):
--   one row per file (current path, kind 'file') and per folder above it (kind 'folder'), over the changes in the
--   window (default: the whole history up to as_of, the repository's latest commit); repo_id: only that repository;
--   for_path (a file or a folder, '.' the top): only it and what is under it, so `owners DIR` reads only DIR's
--   changes (the answers for those paths are the same); for_paths (a list of file paths): only those files' rows
--   (kind 'file'), from their own changes.
--   main developer = most added lines (code-maat's main-dev; ties: more commits, then email); ownership = their
--   share of added lines; fragmentation = 1 - sum((author's commits / commits)^2) (code-maat's fractal value, 0
--   for one author); both with 2 significant digits as code-maat prints them. knowledge_loss: the main developer
--   made no commit in the repository during the inactive_days before as_of. Authors are people, not addresses
--   (author_identities: one person's addresses joined by full name, as git shortlog -sn and code-maat count them);
--   main_dev is the address most of the person's commits use. The commits the repository's blame ignore-revs file
--   lists (ignored_commits: bulk reformatting) are left out, as git blame leaves them out.
-- Columns: repo, kind, path, main_dev (email), main_dev_name, main_dev_added, total_added, ownership, authors,
--          revisions, fragmentation, main_dev_last_active, knowledge_loss.
CREATE OR REPLACE MACRO ownership(inactive_days := 180, window_days := NULL, as_of := NULL,
                                  include_deleted := false, repo_id := NULL, for_path := NULL,
                                  for_paths := NULL) AS TABLE
WITH bounds AS (
    SELECT * FROM history_end(as_of := as_of, repo_id := repo_id)
),
people AS (  -- one person's addresses together (author_identities), active up to as_of
    SELECT c.repo, coalesce(i.person, c.author_email) AS person,
           first(c.author_name ORDER BY c.authored_at DESC, c.author_name) AS author_name,
           max(c.authored_at) AS last_active
    FROM commits c JOIN bounds b ON b.repo = c.repo
    LEFT JOIN author_identities i ON i.repo = c.repo AND i.author_email = c.author_email
    WHERE c.authored_at <= b.end_at GROUP BY ALL
),
changes AS (
    SELECT f.repo, f.current_path AS path, f.sha, f.author_email, f.lines_added
    FROM history_window(window_days := window_days, as_of := as_of, repo_id := repo_id) f
    WHERE (include_deleted OR f.alive)
      AND (for_path IS NULL OR for_path = '.' OR f.current_path = for_path
           OR starts_with(f.current_path, for_path || '/'))
      AND (for_paths IS NULL OR list_contains(for_paths, f.current_path))
      -- a bulk reformatting the repository tells blame to ignore is no authorship
      AND NOT EXISTS (SELECT 1 FROM ignored_commits g WHERE g.repo = f.repo AND g.sha = f.sha)
),
entities AS (
    SELECT repo, 'file' AS kind, path, sha, author_email, lines_added FROM changes
    UNION ALL
    SELECT repo, 'folder', unnest(list_transform(range(1, len(string_split(path, '/'))),
                                                 lambda i: array_to_string(string_split(path, '/')[1:i], '/'))),
           sha, author_email, lines_added
    FROM changes
),
scoped AS (  -- the folders above for_path hold changes outside it too: they are not answered
    SELECT * FROM entities
    WHERE (for_path IS NULL OR for_path = '.' OR path = for_path OR starts_with(path, for_path || '/'))
      AND (for_paths IS NULL OR kind = 'file')  -- a folder's other files are not read
),
by_address AS (  -- a commit has one author: an address's revisions add up to its person's
    SELECT repo, kind, path, author_email, sum(lines_added) AS added, count(DISTINCT sha) AS revs
    FROM scoped GROUP BY ALL
),
by_author AS (
    SELECT a.repo, a.kind, a.path, coalesce(i.person, a.author_email) AS person,
           coalesce(i.person_email, a.author_email) AS author_email, CAST(sum(a.added) AS BIGINT) AS added,
           CAST(sum(a.revs) AS BIGINT) AS revs
    FROM by_address a LEFT JOIN author_identities i ON i.repo = a.repo AND i.author_email = a.author_email
    GROUP BY ALL
),
totals AS (
    SELECT repo, kind, path, count(DISTINCT sha) AS revisions FROM scoped GROUP BY ALL
),
ranked AS (
    SELECT a.*, t.revisions, sum(a.added) OVER w AS total_added, count(*) OVER w AS authors,
           1 - sum((a.revs / t.revisions) ^ 2) OVER w AS fractal,
           row_number() OVER (PARTITION BY a.repo, a.kind, a.path ORDER BY a.added DESC, a.revs DESC,
                              a.author_email) AS position
    FROM by_author a JOIN totals t USING (repo, kind, path)
    WINDOW w AS (PARTITION BY a.repo, a.kind, a.path)
)
SELECT r.repo, r.kind, r.path, r.author_email AS main_dev, p.author_name AS main_dev_name,
       r.added AS main_dev_added, r.total_added,
       CASE WHEN r.total_added > 0 THEN round(r.added / r.total_added,
            1 - CAST(floor(log10(r.added / r.total_added)) AS INTEGER)) END AS ownership,
       r.authors, r.revisions,
       CASE WHEN r.fractal < 1e-9 THEN 0.0
            ELSE round(r.fractal, 1 - CAST(floor(log10(r.fractal)) AS INTEGER)) END AS fragmentation,
       p.last_active AS main_dev_last_active,
       p.last_active <= b.end_at - to_days(CAST(inactive_days AS INTEGER)) AS knowledge_loss
FROM ranked r JOIN bounds b ON b.repo = r.repo
LEFT JOIN people p ON p.repo = r.repo AND p.person = r.person
WHERE r.position = 1
ORDER BY r.repo, r.kind, r.path;
