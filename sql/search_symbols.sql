-- search_symbols(term, max_rows := 50): table macro, one row per matching symbol, best match first:
-- exact name (rank 0), name prefix (1), name contains (2), qualified name or path contains (3); case-insensitive.
-- Columns: repo, id, name, kind, path, line_start, rank.
CREATE OR REPLACE MACRO search_symbols(term, max_rows := 50) AS TABLE
SELECT repo, id, name, kind, path, line_start,
       CASE
           WHEN lower(name) = lower(term) THEN 0
           WHEN starts_with(lower(name), lower(term)) THEN 1
           WHEN contains(lower(name), lower(term)) THEN 2
           ELSE 3
       END AS rank
FROM symbols
WHERE contains(lower(name), lower(term)) OR contains(lower(qualname), lower(term)) OR contains(lower(path), lower(term))
ORDER BY rank, kind = 'module', length(name), path, line_start
LIMIT max_rows;
