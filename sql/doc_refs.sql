-- doc_refs: one row per place a document mentions a source file or one of its symbols (what `codelake why` lists).
--   A mention (doc_mentions) names a file by its path, a path suffix with a folder (`lake/store.py`), its base name
--   when no other file has it, its path without extension, or its Python module (`pipeline.lake`); a symbol by its
--   qualified name (`Lake.run_extractor`), module and qualified name (`pipeline.lake.Lake`), or its bare name when
--   it is exported, at least 4 characters long and defined in at most 2 files (a common name says nothing).
-- Columns: repo, path (the file mentioned), symbol_id (NULL when the file itself is named), doc_path, doc_kind
--          (markdown | rst | text | adr | changelog), line, heading (the section of the document), token (as
--          written), match (path | module | symbol).
CREATE OR REPLACE VIEW doc_refs AS
WITH
base AS (
    SELECT repo, path, language, string_split(path, '/') AS parts,
           regexp_replace(path, '\.[^./]+$', '') AS stem
    FROM files WHERE parse_status <> 'skipped'
),
python_modules AS (
    SELECT repo, path, replace(regexp_replace(stem, '/__init__$', ''), '/', '.') AS module FROM base
    WHERE language = 'python'
    UNION
    SELECT repo, path, replace(regexp_replace(regexp_replace(stem, '^(src|lib)/', ''), '/__init__$', ''), '/', '.')
    FROM base WHERE language = 'python'
),
base_names AS (
    SELECT repo, parts[-1] AS name, count(*) AS files FROM base GROUP BY ALL
),
file_keys AS (
    SELECT repo, path, path AS key, 'path' AS match FROM base
    UNION
    SELECT repo, path, unnest(list_transform(range(2, len(parts)), lambda i: array_to_string(parts[i:], '/'))),
           'path'
    FROM base
    UNION
    SELECT b.repo, b.path, b.parts[-1], 'path' FROM base b
    JOIN base_names n ON n.repo = b.repo AND n.name = b.parts[-1] AND n.files = 1 WHERE b.parts[-1] LIKE '%.%'
    UNION
    SELECT repo, path, stem, 'module' FROM base WHERE stem LIKE '%/%'
    UNION
    SELECT repo, path, module, 'module' FROM python_modules WHERE module LIKE '%.%'
),
name_files AS (
    SELECT repo, name, count(DISTINCT path) AS files FROM symbols WHERE kind <> 'module' GROUP BY ALL
),
symbol_keys AS (
    SELECT repo, path, id, qualname AS key FROM symbols WHERE kind <> 'module' AND qualname LIKE '%.%'
    UNION
    SELECT s.repo, s.path, s.id, s.name FROM symbols s
    JOIN name_files n ON n.repo = s.repo AND n.name = s.name AND n.files <= 2
    WHERE s.kind <> 'module' AND s.is_exported AND length(s.name) >= 4
    UNION
    SELECT s.repo, s.path, s.id, m.module || '.' || s.qualname FROM symbols s
    JOIN python_modules m ON m.repo = s.repo AND m.path = s.path WHERE s.kind <> 'module'
),
matched AS (
    SELECT d.repo, k.path, NULL::VARCHAR AS symbol_id, d.doc_path, d.doc_kind, d.line, d.heading, d.token, k.match
    FROM doc_mentions d JOIN file_keys k ON k.repo = d.repo AND k.key = d.token
    UNION ALL
    SELECT d.repo, k.path, k.id, d.doc_path, d.doc_kind, d.line, d.heading, d.token, 'symbol'
    FROM doc_mentions d JOIN symbol_keys k ON k.repo = d.repo AND k.key = d.token
)
SELECT DISTINCT * FROM matched WHERE doc_path <> path;
