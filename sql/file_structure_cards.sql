-- file_structure_cards(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL, symbol_files := NULL,
--                      member_files := NULL, unresolved_files := NULL, dispatch_files := NULL,
--                      hierarchy_files := NULL): one row per source
--   file (not skipped): the
--   structure facts of its snippet (what the code says; file_cards adds history and agent behaviour). for_paths (a
--   list of paths) keeps only those files, and the filter reaches every scan (edges by dst_path or path, symbols by
--   path): the per-file export after an edit asks for all its files in one call, as each call reads every edge
--   shard once. edge_files, symbol_files and member_files (lists of Parquet files, the table's schema file first)
--   narrow the reads of the for_paths' own edges and the edges into them, of their symbols, and of their symbols'
--   members to those files: the shards that hold them (the exporter finds them through the structure extractor's
--   edge_targets and foreign_symbols indexes); unresolved_files reads the unresolved names from those files, edges
--   or rows of their shape (the unresolved_names index's shards of the names that matter); NULL reads the whole
--   table; dispatch_files reads the dispatch edges from their symbols (an override's file holds them) and the edges
--   into those overrides (the edge_sources and edge_targets indexes' shards); hierarchy_files reads the inherits edges
--   from those files (the edges' schema file, then the structure extractor's hierarchy table: every inherits edge)
--   instead of every edge shard. References resolved only by a name guess (resolution unique_name or ambiguous, or confidence < 0.5) and
--   imports do not count: a guess is not a dependency.
--   role          file_roles.role: source, test, example, benchmark, docs, tooling
--   called        its most-referenced symbols from other files (a name's overloads and variants, f and f#2, as
--                 one; the constructor a call of its class runs counts on the class), strongest first: name, callers (distinct calling
--                 symbols outside tests), test_callers (inside tests), modules (up to 2 calling files, most calls
--                 first: files outside tests when there are some, else tests)
--   dependents    files (not tests) depending on it, the repository's own source first, then by weight;
--                 dependents_count
--   tests         test files with references into it; tests_count
--   covers        for a test file: the source files it references, by weight; covers_count
--   unused        exported symbols nothing references (the rule of dead_code at confidence >= 0.6: not in a file
--                 the regex fallback read, no reference at all, no referenced member, no referenced same-named twin
--                 in the file (or in such a twin: m#2.f beside m.f), not an enum whose constants are used, not an
--                 inline namespace something inside which is used, not an interface's or a base's method whose
--                 override is called, not a method of a type that extends
--                 something outside the repository, itself or through its own bases, nor of a mixin (a type a
--                 subclass combines with such a base), not a C extern function another file's same-named referenced
--                 function stands for under another #if, not a part of a partial type whose other part is
--                 used, not a method of a type that is not exported, the name
--                 written nowhere unresolved); unused_count
--   depends_on    the files it references (not by guesses), strongest first, up to 64: path and sig (a hash of
--                 which of its symbols reference which there): the snippets that name this file, which the per-file
--                 export refreshes with it when their sig changed
-- Columns: repo, path, language, is_test, role, blob_sha, indexed_commit, called, dependents, dependents_count,
--          tests, tests_count, covers, covers_count, unused, unused_count, depends_on.
CREATE OR REPLACE MACRO file_structure_cards(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL,
                                              symbol_files := NULL, member_files := NULL,
                                              unresolved_files := NULL, dispatch_files := NULL,
                                              hierarchy_files := NULL) AS TABLE
WITH
src AS (
    SELECT f.*, r.role FROM files f JOIN file_roles r ON r.repo = f.repo AND r.path = f.path
    WHERE f.parse_status <> 'skipped' AND (repo_id IS NULL OR f.repo = repo_id)
      AND (for_paths IS NULL OR list_contains(for_paths, f.path))
),
roles AS (
    SELECT * FROM file_roles WHERE repo_id IS NULL OR repo = repo_id
),
into_files AS (  -- every edge into the selected files (their symbols and members), guesses included
    SELECT repo, src_id, dst_id, kind, path, confidence, resolution, dst_path, ref_form
    FROM read_parquet(coalesce(edge_files, lake_edges()), union_by_name = true)
    WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, dst_path))
),
own_symbols AS (
    SELECT * FROM read_parquet(coalesce(symbol_files, lake_symbols()), union_by_name = true)
    WHERE (repo_id IS NULL OR repo = repo_id) AND (for_paths IS NULL OR list_contains(for_paths, path))
),
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
called AS (
    SELECT repo, path,
           list({'name': name, 'callers': callers, 'test_callers': test_callers, 'modules': modules}
                ORDER BY callers DESC, test_callers DESC, name)[:top] AS called
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
),
referenced AS (  -- symbols of the selected files that something references (dead_code's `inbound`)
    SELECT DISTINCT repo, dst_id AS id FROM into_files
    WHERE dst_id IS NOT NULL AND src_id <> dst_id AND NOT starts_with(src_id, dst_id || '.')
),
exported AS (
    SELECT s.*, s.kind = 'method' OR (s.kind NOT IN ('function', 'namespace') AND contains(s.qualname, '.'))
               AS by_type  -- a method or a nested type: its type's bases from outside may reach it (dead_code's 0.5)
    FROM own_symbols s
    WHERE s.is_exported AND s.kind NOT IN ('module', 'extension', 'variable', 'constant', 'field', 'property')
      AND NOT EXISTS (SELECT 1 FROM src f  -- the regex fallback extracts no references: uses unknown, not none
                      WHERE f.repo = s.repo AND f.path = s.path AND f.parse_status = 'fallback')
      AND NOT s.is_entry_point AND NOT s.is_test
      AND NOT (s.name LIKE '\_\_%\_\_' ESCAPE '\')
      AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.repo = s.repo AND r.id = s.id)
),
members AS (  -- their members, wherever defined (a Go method may sit in another file than its type)
    SELECT m.repo, m.id, m.kind, m.parent_id, m.is_entry_point, m.entry_reason
    FROM read_parquet(coalesce(member_files, lake_symbols()), union_by_name = true) m
    SEMI JOIN exported x ON x.repo = m.repo AND x.id = m.parent_id
),
used_members AS (  -- dead_code's `used_members`: a member referenced, or one something runs (not a runtime hook)
    SELECT DISTINCT m.repo, m.parent_id AS id
    FROM members m SEMI JOIN edges e ON e.repo = m.repo AND e.dst_id = m.id AND e.src_id <> e.dst_id
                                        AND e.src_id <> m.parent_id
    WHERE NOT (m.kind = 'function' AND EXISTS (SELECT 1 FROM exported x  -- a function's closure: its own
                                               WHERE x.repo = m.repo AND x.id = m.parent_id
                                                 AND x.kind IN ('function', 'method')))
    UNION
    SELECT DISTINCT repo, parent_id FROM members
    WHERE is_entry_point AND NOT starts_with(coalesce(entry_reason, ''), 'runtime hook: ')
),
used_twins AS (  -- dead_code's `used_twins`: f#2 beside a referenced f, m#2.f beside m.f (the same file: among
                 -- the selected), a used member's parent among them
    SELECT DISTINCT repo, if(contains(dst_id, '#'), regexp_replace(dst_id, '#[0-9]+', '', 'g'), dst_id) AS twin
    FROM (SELECT repo, dst_id FROM into_files
          WHERE dst_id IS NOT NULL AND src_id <> dst_id AND NOT starts_with(src_id, dst_id || '.') AND confidence > 0.3
          UNION ALL SELECT repo, id FROM used_members)
),
used_enum_constants AS (  -- dead_code's `used_enum_constants`: an enum and its constants share a file
    SELECT DISTINCT g.repo, g.owner AS id
    FROM (SELECT repo, id, kind,
                 last_value(CASE WHEN kind <> 'constant' THEN id END IGNORE NULLS) OVER (
                     PARTITION BY repo, path ORDER BY line_start, kind = 'constant', id) AS owner
          FROM own_symbols
          WHERE (repo, path) IN (SELECT repo, path FROM exported WHERE kind = 'enum')) g
    SEMI JOIN exported e ON e.repo = g.repo AND e.id = g.owner AND e.kind = 'enum'
    SEMI JOIN into_files i ON i.repo = g.repo AND i.dst_id = g.id AND i.confidence > 0.3 AND i.src_id <> i.dst_id
                              AND NOT starts_with(i.src_id, i.dst_id || '.')
    WHERE g.kind = 'constant'
),
used_namespaces AS (  -- dead_code's `used_namespaces`: an inline namespace something inside which is used (its
                      -- members sit in its file: among the selected)
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    SEMI JOIN into_files i ON i.repo = x.repo AND starts_with(i.dst_id, x.id || '.') AND i.confidence > 0.3
                              AND i.src_id <> i.dst_id AND NOT starts_with(i.src_id, i.dst_id || '.')
    WHERE x.kind = 'namespace'
),
dispatches AS MATERIALIZED (  -- from their exported methods nothing references, to the overrides
    SELECT d.repo, d.src_id, d.dst_id
    FROM read_parquet(coalesce(dispatch_files, lake_edges()), union_by_name = true) d
    SEMI JOIN exported x ON x.repo = d.repo AND x.id = d.src_id AND x.by_type
    WHERE d.kind = 'dispatch' AND d.src_id <> d.dst_id AND (repo_id IS NULL OR d.repo = repo_id)
      AND EXISTS (SELECT 1 FROM exported x WHERE x.by_type)
),
used_overrides AS (  -- dead_code's `used_overrides`: an override is called directly, not only through a dispatch
    SELECT DISTINCT d.repo, d.src_id AS id
    FROM dispatches d
    SEMI JOIN (SELECT repo, src_id, dst_id
               FROM read_parquet(coalesce(dispatch_files, lake_edges()), union_by_name = true)
               WHERE kind <> 'dispatch' AND confidence > 0.3 AND (repo_id IS NULL OR repo = repo_id)
                 AND dst_id IN (SELECT dst_id FROM dispatches)) e
      ON e.repo = d.repo AND e.dst_id = d.dst_id AND e.src_id <> e.dst_id AND NOT starts_with(e.src_id, e.dst_id || '.')
),
inherits AS MATERIALIZED (  -- one scan of the edges (or of the hierarchy's rows, whose kind is null: all inherits)
                            -- when an exported member may need its type's bases
    SELECT repo, src_id, dst_id FROM read_parquet(coalesce(hierarchy_files, lake_edges()), union_by_name = true)
    WHERE (kind = 'inherits' OR (hierarchy_files IS NOT NULL AND kind IS NULL)) AND (repo_id IS NULL OR repo = repo_id)
      AND EXISTS (SELECT 1 FROM exported x WHERE x.by_type)
),
outside_bases AS (  -- dead_code's `outside_bases` (through the repository's own bases), for the exported members
    WITH RECURSIVE up(repo, start, id) AS (
        SELECT DISTINCT repo, parent_id, parent_id FROM exported WHERE by_type
        UNION
        SELECT u.repo, u.start, i.dst_id FROM up u JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id
        WHERE i.dst_id IS NOT NULL
    )
    SELECT DISTINCT u.repo, u.start AS id
    FROM up u SEMI JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id AND i.dst_id IS NULL
),
linked_twins AS (  -- dead_code's `linked_twins`: a C or C++ extern function another file's same-named referenced
                   -- function stands for under another #if (hiredis's hi_malloc); a .d.ts declaration
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    JOIN src f ON f.repo = x.repo AND f.path = x.path AND f.family = 'c'
    JOIN symbols t ON t.repo = x.repo AND t.name = x.name AND t.path <> x.path AND t.kind = 'function'
                      AND t.qualname = t.name
    SEMI JOIN edges e ON e.repo = t.repo AND e.dst_id = t.id AND e.confidence > 0.3 AND e.src_id <> e.dst_id
                         AND NOT starts_with(e.src_id, e.dst_id || '.')
    WHERE x.kind = 'function' AND x.qualname = x.name
    UNION  -- and a .d.ts (or .pyi) declaration of a referenced definition of that qualified name elsewhere
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    -- each of its overloads (f#2 declares f too); a stub's property may declare a field
    JOIN symbols t ON t.repo = x.repo AND t.qualname = regexp_replace(x.qualname, '#[0-9]+$', '')
                      AND (t.kind = x.kind OR (x.kind IN ('method', 'property')
                                              AND t.kind IN ('field', 'property', 'method')))
                      AND t.path <> x.path
    SEMI JOIN edges e ON e.repo = t.repo AND e.dst_id = t.id AND e.confidence > 0 AND e.src_id <> e.dst_id
                         AND NOT starts_with(e.src_id, e.dst_id || '.')  -- a guess too, as in dead_code
    WHERE regexp_matches(x.path, '\.(?:d\.[cm]?ts|pyi)$') AND NOT regexp_matches(t.path, '\.(?:d\.[cm]?ts|pyi)$')
),
mixed_into AS (  -- dead_code's `mixed_into`: a subclass of the member's type extends something outside, itself
                 -- or through its bases (a mixin: SignupView(SignupMixin, FormView))
    WITH RECURSIVE up(repo, start, id) AS (
        SELECT DISTINCT i.repo, i.dst_id, i.src_id FROM inherits i
        SEMI JOIN exported x ON x.repo = i.repo AND x.parent_id = i.dst_id AND x.kind = 'method'
        UNION
        SELECT u.repo, u.start, i.dst_id FROM up u JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id
        WHERE i.dst_id IS NOT NULL
    )
    SELECT DISTINCT u.repo, u.start AS id
    FROM up u SEMI JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id AND i.dst_id IS NULL
),
hidden_types AS (  -- dead_code's `hidden_types`: the exported methods' types that are not exported (wherever
                   -- defined: a Go method may sit in another file than its type)
    SELECT DISTINCT p.repo, p.id FROM symbols p
    SEMI JOIN exported x ON x.repo = p.repo AND x.parent_id = p.id AND x.kind = 'method'
    WHERE NOT p.is_exported AND p.kind NOT IN ('module', 'namespace', 'function', 'method')
      AND (repo_id IS NULL OR p.repo = repo_id) AND EXISTS (SELECT 1 FROM exported x WHERE x.kind = 'method')
),
type_parts AS (  -- dead_code's `type_parts`: a part of a type written in parts (C#'s partial class) whose other
                 -- part, in another file of its namespace, is referenced or has a used member
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    JOIN src f ON f.repo = x.repo AND f.path = x.path AND f.package IS NOT NULL
    JOIN symbols t ON t.repo = x.repo AND t.qualname = x.qualname AND t.kind = x.kind AND t.path <> x.path
    JOIN files g ON g.repo = t.repo AND g.path = t.path AND g.package = f.package AND g.language = f.language
    WHERE x.kind IN ('class', 'struct', 'interface', 'record')
      AND (EXISTS (SELECT 1 FROM edges e WHERE e.repo = t.repo AND e.dst_id = t.id AND e.confidence > 0.3
                                           AND e.src_id <> e.dst_id AND NOT starts_with(e.src_id, e.dst_id || '.'))
           OR EXISTS (SELECT 1 FROM symbols m JOIN edges e ON e.repo = m.repo AND e.dst_id = m.id
                      WHERE m.repo = t.repo AND m.parent_id = t.id AND e.src_id <> e.dst_id AND e.src_id <> t.id
                        AND NOT starts_with(e.src_id, e.dst_id || '.'))
           OR EXISTS (SELECT 1 FROM symbols m
                      WHERE m.repo = t.repo AND m.parent_id = t.id AND m.is_entry_point
                        AND NOT starts_with(coalesce(m.entry_reason, ''), 'runtime hook: ')))
),
unresolved AS (  -- of those, the names written somewhere and resolved nowhere (dead_code's `unresolved_names`;
                 -- distinct names first: a few thousand last segments to extract, not every unresolved edge)
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    JOIN (SELECT DISTINCT repo, dst_name
          FROM read_parquet(coalesce(unresolved_files, lake_edges()), union_by_name = true)
          WHERE resolution = 'unresolved' AND (repo_id IS NULL OR repo = repo_id)) e
      ON e.repo = x.repo AND regexp_extract(e.dst_name, '([^.]+)$', 1) = x.name
),
unused AS (  -- nothing references them or their members, and their name is written nowhere unresolved
    SELECT x.repo, x.path, list(x.name ORDER BY x.line_start)[:top] AS unused, count(*) AS unused_count
    FROM exported x
    WHERE NOT EXISTS (SELECT 1 FROM used_members u WHERE u.repo = x.repo AND u.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM used_enum_constants u WHERE u.repo = x.repo AND u.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM used_namespaces u WHERE u.repo = x.repo AND u.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM used_overrides u WHERE u.repo = x.repo AND u.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM unresolved w WHERE w.repo = x.repo AND w.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM used_twins t WHERE t.repo = x.repo
                      AND t.twin = if(contains(x.id, '#'), regexp_replace(x.id, '#[0-9]+', '', 'g'), x.id))
      AND NOT (x.by_type
               AND EXISTS (SELECT 1 FROM outside_bases o WHERE o.repo = x.repo AND o.id = x.parent_id))
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM mixed_into m WHERE m.repo = x.repo AND m.id = x.parent_id))
      AND NOT EXISTS (SELECT 1 FROM linked_twins l WHERE l.repo = x.repo AND l.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM type_parts p WHERE p.repo = x.repo AND p.id = x.id)
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM hidden_types h WHERE h.repo = x.repo AND h.id = x.parent_id))
    GROUP BY x.repo, x.path
)
SELECT s.repo, s.path, s.language, s.is_test, s.role, s.blob_sha, s.indexed_commit,
       coalesce(c.called, []) AS called, coalesce(d.dependents[:top], []) AS dependents,
       coalesce(len(d.dependents), 0) AS dependents_count,
       coalesce(d.tests[:top], []) AS tests, coalesce(len(d.tests), 0) AS tests_count,
       CASE WHEN s.role = 'test' THEN coalesce(p.covers[:top], []) ELSE [] END AS covers,
       CASE WHEN s.role = 'test' THEN coalesce(len(p.covers), 0) ELSE 0 END AS covers_count,
       coalesce(u.unused, []) AS unused, coalesce(u.unused_count, 0) AS unused_count,
       coalesce(p.depends_on, []) AS depends_on
FROM src s
LEFT JOIN called c ON c.repo = s.repo AND c.path = s.path
LEFT JOIN dependents d ON d.repo = s.repo AND d.path = s.path
LEFT JOIN dependencies p ON p.repo = s.repo AND p.path = s.path
LEFT JOIN unused u ON u.repo = s.repo AND u.path = s.path
ORDER BY s.repo, s.path;
