-- file_structure_uses(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL, symbol_files := NULL):
--   file_structure_cards' files (file_structure_src) with what uses them and what they use: the columns called,
--   dependents, dependents_count, tests, tests_count, covers, covers_count and depends_on (that view says what each
--   holds and how edge_files and symbol_files narrow the reads). One of the cards' two parts (the other:
--   file_structure_unused), each a statement of its own in the per-file export: DuckDB keeps every operator's state
--   (hash tables, materialized CTEs) to a statement's end, so apart each statement peaks at its own part's.
-- Columns: repo, path, language, is_test, role, blob_sha, indexed_commit, called, dependents, dependents_count,
--          tests, tests_count, covers, covers_count, depends_on.
CREATE OR REPLACE MACRO file_structure_uses(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL,
                                            symbol_files := NULL) AS TABLE
WITH
src AS (SELECT * FROM file_structure_src(repo_id := repo_id, for_paths := for_paths)),
roles AS (
    SELECT * FROM file_roles WHERE repo_id IS NULL OR repo = repo_id
),
into_files AS (SELECT * FROM file_structure_edges_into(repo_id := repo_id, for_paths := for_paths,
                                                    edge_files := edge_files)),
own_symbols AS (SELECT * FROM file_structure_own_symbols(repo_id := repo_id, for_paths := for_paths,
                                                      symbol_files := symbol_files)),
inbound AS (  -- resolved references from other files into each symbol (overloads and variants, f#2, as one)
    SELECT e.repo, s.path, regexp_replace(s.id, '#[0-9]+', '', 'g') AS id, s.name, e.src_id, e.path AS caller_path, coalesce(r.role, 'source') = 'test' AS from_test
    FROM into_files e JOIN own_symbols s ON s.repo = e.repo AND s.id = e.dst_id
    LEFT JOIN roles r ON r.repo = e.repo AND r.path = e.path
    WHERE e.path <> s.path AND s.kind <> 'module' AND e.kind <> 'imports' AND e.confidence >= 0.5
      AND e.resolution NOT IN ('unique_name', 'ambiguous')
      AND NOT (e.ref_form = 'constructor' AND s.kind = 'method'  -- the class's caller already (interfaces.sql)
               AND s.name IN ('__init__', '__new__', 'init', '__construct', 'constructor'))
),
per_module AS (
    SELECT repo, path, id, any_value(name) AS name, caller_path, any_value(from_test) AS from_test,
           count(DISTINCT src_id) AS calls
    FROM inbound GROUP BY repo, path, id, caller_path
),
symbol_callers AS (
    SELECT repo, path, id, any_value(name) AS name,
           coalesce(sum(calls) FILTER (WHERE NOT from_test), 0) AS callers,
           coalesce(sum(calls) FILTER (WHERE from_test), 0) AS test_callers,
           coalesce(list(caller_path ORDER BY calls DESC, caller_path) FILTER (WHERE NOT from_test),
                    list(caller_path ORDER BY calls DESC, caller_path))[:2] AS modules
    FROM per_module GROUP BY repo, path, id
),
called AS (  -- two symbols of one name (a function and a method) with as many callers: by id, not by chance
    SELECT repo, path,
           list({'name': name, 'callers': callers, 'test_callers': test_callers, 'modules': modules}
                ORDER BY callers DESC, test_callers DESC, name, id)[:top] AS called
    FROM symbol_callers GROUP BY repo, path
),
deps_in AS (  -- files depending on the selected ones, not by guesses alone (file_deps' grain and weight, from the
              -- edges already read: one scan of the edges by target)
    SELECT e.repo, e.path AS src_path, e.dst_path, sum(e.confidence) AS weight,
           any_value(coalesce(r.role, 'source')) AS src_role
    FROM into_files e LEFT JOIN roles r ON r.repo = e.repo AND r.path = e.path
    WHERE e.dst_path IS NOT NULL AND e.dst_path <> e.path
    GROUP BY e.repo, e.path, e.dst_path
    HAVING NOT bool_and(e.resolution IN ('unique_name', 'ambiguous'))
),
dependents AS (  -- tests apart: they are listed as the tests that exercise the file
    SELECT repo, dst_path AS path,
           list(src_path ORDER BY src_role <> 'source', weight DESC, src_path) FILTER (WHERE src_role <> 'test')
               AS dependents,
           list(src_path ORDER BY weight DESC, src_path) FILTER (WHERE src_role = 'test') AS tests
    FROM deps_in GROUP BY repo, dst_path
),
refs_out AS (  -- what each selected file references in other files, not by guesses: how much (weight) and which
               -- references exactly (sig, an order-free hash of caller, target and kind: when it changes, so may
               -- the other file's snippet)
    SELECT e.repo, e.path, e.dst_path, sum(e.confidence) AS weight,
           CAST(sum(hash(e.src_id, e.dst_id, e.kind)) % 18446744073709551557 AS VARCHAR) AS sig
    FROM read_parquet(coalesce(edge_files, lake_edges()), union_by_name = true) e
    WHERE (repo_id IS NULL OR e.repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, e.path))
      AND e.dst_path IS NOT NULL AND e.dst_path <> e.path AND e.resolution NOT IN ('unique_name', 'ambiguous')
    GROUP BY e.repo, e.path, e.dst_path
),
dependencies AS (
    SELECT o.repo, o.path,
           list(o.dst_path ORDER BY o.weight DESC, o.dst_path) FILTER (WHERE coalesce(r.role, 'source') = 'source')
               AS covers,
           list({'path': o.dst_path, 'sig': o.sig} ORDER BY o.weight DESC, o.dst_path)[:64] AS depends_on
    FROM refs_out o LEFT JOIN roles r ON r.repo = o.repo AND r.path = o.dst_path
    GROUP BY o.repo, o.path
)
SELECT s.repo, s.path, s.language, s.is_test, s.role, s.blob_sha, s.indexed_commit,
       coalesce(c.called, []) AS called, coalesce(d.dependents[:top], []) AS dependents,
       coalesce(len(d.dependents), 0) AS dependents_count,
       coalesce(d.tests[:top], []) AS tests, coalesce(len(d.tests), 0) AS tests_count,
       CASE WHEN s.role = 'test' THEN coalesce(p.covers[:top], []) ELSE [] END AS covers,
       CASE WHEN s.role = 'test' THEN coalesce(len(p.covers), 0) ELSE 0 END AS covers_count,
       coalesce(p.depends_on, []) AS depends_on
FROM src s
LEFT JOIN called c ON c.repo = s.repo AND c.path = s.path
LEFT JOIN dependents d ON d.repo = s.repo AND d.path = s.path
LEFT JOIN dependencies p ON p.repo = s.repo AND p.path = s.path
ORDER BY s.repo, s.path;
