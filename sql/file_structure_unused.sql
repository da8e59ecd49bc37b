-- file_structure_unused(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL, symbol_files := NULL,
--                       member_files := NULL, unresolved_files := NULL, dispatch_files := NULL,
--                       hierarchy_files := NULL): file_structure_cards' unused and unused_count (that view says what
--   they hold and how each list of files narrows a read), one row per file of file_structure_src. One of the
--   cards' two parts (file_structure_uses says why they are apart).
-- Columns: repo, path, unused, unused_count.
CREATE OR REPLACE MACRO file_structure_unused(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL,
                                              symbol_files := NULL, member_files := NULL, unresolved_files := NULL,
                                              dispatch_files := NULL, hierarchy_files := NULL) AS TABLE
WITH
src AS (SELECT * FROM file_structure_src(repo_id := repo_id, for_paths := for_paths)),
into_files AS (SELECT * FROM file_structure_edges_into(repo_id := repo_id, for_paths := for_paths,
                                                    edge_files := edge_files)),
own_symbols AS (SELECT * FROM file_structure_own_symbols(repo_id := repo_id, for_paths := for_paths,
                                                      symbol_files := symbol_files)),
targets AS MATERIALIZED (  -- the symbols of the selected files something else references, each once with its
                           -- strongest reference: what the rules below ask of the edges into them, in a few hundred
                           -- rows where the hub's every edge (21,529 on sympy) was kept and grouped four times
    SELECT repo, dst_id, max(confidence) AS confidence FROM into_files
    WHERE dst_id IS NOT NULL AND src_id <> dst_id AND NOT starts_with(src_id, dst_id || '.')
    GROUP BY repo, dst_id
),
referenced AS (  -- symbols of the selected files that something references (dead_code's `inbound`)
    SELECT repo, dst_id AS id FROM targets
),
exported AS (
    SELECT s.*, s.kind = 'method' OR (s.kind NOT IN ('function', 'namespace') AND contains(s.qualname, '.'))
               AS by_type,  -- a method or a nested type: its type's bases from outside may reach it (dead_code's 0.5)
           s.kind IN ('class', 'struct', 'object') AS by_base  -- a class a framework may find by its outside base (0.5)
    FROM own_symbols s
    WHERE s.is_exported AND s.kind NOT IN ('module', 'extension', 'variable', 'constant', 'field', 'property')
      AND NOT EXISTS (SELECT 1 FROM src f  -- the regex fallback extracts no references: uses unknown, not none
                      WHERE f.repo = s.repo AND f.path = s.path AND f.parse_status = 'fallback')
      AND NOT EXISTS (SELECT 1 FROM src f  -- a generated file read all the same (dead_code's is_generated)
                      WHERE f.repo = s.repo AND f.path = s.path AND f.is_generated)
      AND NOT s.is_entry_point AND NOT s.is_test
      AND NOT (s.name LIKE '\_\_%\_\_' ESCAPE '\')
      AND NOT EXISTS (SELECT 1 FROM referenced r WHERE r.repo = s.repo AND r.id = s.id)
),
members AS (  -- their members, wherever defined (a Go method may sit in another file than its type)
    SELECT m.repo, m.id, m.kind, m.parent_id, m.is_entry_point, m.entry_reason
    FROM read_parquet(coalesce(member_files, lake_symbols()), union_by_name = true) m
    SEMI JOIN exported x ON x.repo = m.repo AND x.id = m.parent_id
),
type_twins AS MATERIALIZED (  -- the other parts of the exported types written in parts, first: the scans below
                             -- then read only what concerns them (none in most languages), where a correlated
                             -- EXISTS built its hash table over every entry point and referenced symbol
    SELECT DISTINCT x.repo, x.id, t.id AS part_id
    FROM exported x
    JOIN src f ON f.repo = x.repo AND f.path = x.path
        -- no packages, global type names (Ruby's constants): each file's `class Roda` reopens one class
        AND (f.package IS NOT NULL OR f.global_types)
    JOIN symbols t ON t.repo = x.repo AND t.qualname = x.qualname AND t.path <> x.path
                      -- Ruby's `module Octobox` around a class: a part of the module whose methods lib/octobox.rb has
                      AND (t.kind = x.kind OR (f.global_types AND x.kind = 'namespace' AND t.kind = 'trait'))
    JOIN files g ON g.repo = t.repo AND g.path = t.path AND g.package IS NOT DISTINCT FROM f.package
                   AND g.language = f.language
    WHERE x.kind IN ('class', 'struct', 'interface', 'record') OR (x.kind IN ('trait', 'namespace') AND f.global_types)
),
twin_candidates AS MATERIALIZED (  -- linked_twins' candidates, and the confidence their references must pass
    SELECT x.repo, x.id, t.id AS twin_id, 0.3 AS above
    FROM exported x
    JOIN src f ON f.repo = x.repo AND f.path = x.path AND f.family = 'c'
    JOIN symbols t ON t.repo = x.repo AND t.name = x.name AND t.path <> x.path AND t.kind = 'function'
                      AND t.qualname = t.name
    WHERE x.kind = 'function' AND x.qualname = x.name
    UNION ALL
    SELECT x.repo, x.id, t.id, 0 AS above  -- a guess too, as in dead_code
    FROM exported x
    -- each of its overloads (f#2 declares f too); a stub's property may declare a field
    JOIN symbols t ON t.repo = x.repo AND t.qualname = regexp_replace(x.qualname, '#[0-9]+$', '')
                      AND (t.kind = x.kind OR (x.kind IN ('method', 'property')
                                              AND t.kind IN ('field', 'property', 'method')))
                      AND t.path <> x.path
    WHERE regexp_matches(x.path, '\.(?:d\.[cm]?ts|pyi)$') AND NOT regexp_matches(t.path, '\.(?:d\.[cm]?ts|pyi)$')
    UNION ALL
    SELECT x.repo, x.id, t.id, 0 AS above  -- inside a declaration file's namespace, its name dropped (dead_code's)
    FROM exported x
    JOIN symbols n ON n.repo = x.repo AND n.path = x.path AND n.kind = 'namespace' AND starts_with(x.qualname, n.qualname || '.')
    JOIN symbols t ON t.repo = x.repo AND t.qualname = regexp_replace(x.qualname[length(n.qualname) + 2:], '#[0-9]+$', '')
                      AND (t.kind = x.kind OR (x.kind IN ('method', 'property') AND t.kind IN ('field', 'property', 'method')))
                      AND t.path <> x.path
    WHERE regexp_matches(x.path, '\.d\.[cm]?ts$') AND NOT regexp_matches(t.path, '\.d\.[cm]?ts$')
    UNION ALL
    SELECT x.repo, x.id, t.id, 0.3 AS above  -- JavaScript code whose declaration beside it is referenced (dead_code's)
    FROM exported x
    JOIN symbols t ON t.repo = x.repo AND regexp_replace(t.qualname, '#[0-9]+$', '') = x.qualname
                      AND (t.kind = x.kind OR (t.kind IN ('method', 'property')
                                              AND x.kind IN ('field', 'property', 'method')))
                      AND regexp_matches(t.path, '\.d\.[cm]?ts$')
                      AND regexp_replace(t.path, '\.d\.[cm]?ts$', '') = regexp_replace(x.path, '\.[cm]?jsx?$', '')
    WHERE regexp_matches(x.path, '\.[cm]?jsx?$')
),
part_members AS MATERIALIZED (  -- the members of type_twins' other parts, wherever defined
    SELECT m.repo, m.id, m.parent_id, m.is_entry_point, m.entry_reason FROM symbols m
    SEMI JOIN type_twins p ON p.repo = m.repo AND p.part_id = m.parent_id
),
edges_in AS MATERIALIZED (  -- the edges into every symbol the rules below ask about (members, twins, other parts and
                            -- their members), read once: each reference to the edges view over a repository's
                            -- shards is bound and its statistics merged apart (site-packages: 204 shards, ~2 MiB and
                            -- 0.02 s each), where the rules read it five times. One row a target, what they ask of
                            -- its references: who (the least and the greatest caller: one other than x exists when
                            -- either is not x) and how sure, of all and of those from outside the target itself
    SELECT e.repo, e.dst_id, min(e.src_id) AS src_lo, max(e.src_id) AS src_hi,
           min(e.src_id) FILTER (WHERE NOT starts_with(e.src_id, e.dst_id || '.')) AS out_lo,
           max(e.src_id) FILTER (WHERE NOT starts_with(e.src_id, e.dst_id || '.')) AS out_hi,
           max(e.confidence) FILTER (WHERE NOT starts_with(e.src_id, e.dst_id || '.')) AS out_confidence
    FROM edges e
    SEMI JOIN (SELECT repo, id FROM members UNION SELECT repo, twin_id FROM twin_candidates
               UNION SELECT repo, part_id FROM type_twins UNION SELECT repo, id FROM part_members) l
      ON l.repo = e.repo AND l.id = e.dst_id
    WHERE e.src_id <> e.dst_id
    GROUP BY e.repo, e.dst_id
),
used_members AS (  -- dead_code's `used_members`: a member referenced, or one something runs (not a runtime hook)
    SELECT DISTINCT m.repo, m.parent_id AS id
    FROM members m SEMI JOIN edges_in e ON e.repo = m.repo AND e.dst_id = m.id
                                           AND (e.src_lo <> m.parent_id OR e.src_hi <> m.parent_id)
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
    FROM (SELECT repo, dst_id FROM targets WHERE confidence > 0.3
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
    SEMI JOIN targets i ON i.repo = g.repo AND i.dst_id = g.id AND i.confidence > 0.3
    WHERE g.kind = 'constant'
),
used_namespaces AS (  -- dead_code's `used_namespaces`: an inline namespace something inside which is used (its
                      -- members sit in its file: among the selected)
    SELECT DISTINCT x.repo, x.id
    FROM exported x
    SEMI JOIN targets i ON i.repo = x.repo AND starts_with(i.dst_id, x.id || '.') AND i.confidence > 0.3
    WHERE x.kind = 'namespace'
),
every_dispatch AS MATERIALIZED (  -- the dispatch edges of the files read, once
    SELECT d.repo, d.src_id, d.dst_id
    FROM read_parquet(coalesce(dispatch_files, lake_edges()), union_by_name = true) d
    WHERE d.kind = 'dispatch' AND d.src_id <> d.dst_id AND (repo_id IS NULL OR d.repo = repo_id)
      AND EXISTS (SELECT 1 FROM exported x WHERE x.by_type)
),
dispatches AS MATERIALIZED (  -- from their exported methods nothing references, to the overrides and on to theirs
                              -- (dead_code's `used_overrides` follows the chain: an abstract base's method between)
    WITH RECURSIVE down(repo, src_id, dst_id) AS (
        SELECT d.repo, d.src_id, d.dst_id FROM every_dispatch d
        SEMI JOIN exported x ON x.repo = d.repo AND x.id = d.src_id AND x.by_type
        UNION
        SELECT u.repo, u.src_id, d.dst_id FROM down u JOIN every_dispatch d ON d.repo = u.repo AND d.src_id = u.dst_id
    )
    SELECT * FROM down
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
    SELECT repo, src_id, dst_id, dst_name  -- (dst_name: a Protocol from outside, protocol_members)
    FROM read_parquet(coalesce(hierarchy_files, lake_edges()), union_by_name = true)
    WHERE (kind = 'inherits' OR (hierarchy_files IS NOT NULL AND kind IS NULL)) AND (repo_id IS NULL OR repo = repo_id)
      AND EXISTS (SELECT 1 FROM exported x WHERE x.by_type OR x.by_base)
),
outside_bases AS (  -- dead_code's `outside_bases` (through the repository's own bases), for the exported members
    WITH RECURSIVE up(repo, start, id) AS (
        SELECT DISTINCT repo, parent_id, parent_id FROM exported WHERE by_type
        UNION
        SELECT repo, id, id FROM exported WHERE by_base
        UNION
        SELECT u.repo, u.start, i.dst_id FROM up u JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id
        WHERE i.dst_id IS NOT NULL
    )
    SELECT DISTINCT u.repo, u.start AS id
    FROM up u SEMI JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id AND i.dst_id IS NULL
),
protocol_members AS (  -- dead_code's `protocol_members`: an exported method whose class (or a subclass: the walk
                      -- down the hierarchy's rows, not every class owning such a name) offers, itself or through
                      -- its bases, every method of a Protocol, of one of those names; the symbols read once
    WITH RECURSIVE protocols AS (
        SELECT DISTINCT repo, src_id AS id FROM inherits
        WHERE dst_id IS NULL AND regexp_matches(dst_name, '(^|\.)(Protocol|Interface)$')
    ),
    down(repo, id) AS (
        SELECT DISTINCT x.repo, x.parent_id FROM exported x
        WHERE x.kind = 'method' AND EXISTS (SELECT 1 FROM protocols)
        UNION
        SELECT i.repo, i.src_id FROM down d JOIN inherits i ON i.repo = d.repo AND i.dst_id = d.id
    ),
    up(repo, start, id) AS (
        SELECT repo, id, id FROM down
        UNION
        SELECT u.repo, u.start, i.dst_id FROM up u JOIN inherits i ON i.repo = u.repo AND i.src_id = u.id
        WHERE i.dst_id IS NOT NULL
    ),
    methods AS MATERIALIZED (
        SELECT repo, parent_id, name FROM symbols m
        WHERE kind = 'method' AND (parent_id IN (SELECT id FROM protocols) OR parent_id IN (SELECT id FROM up))
    ),
    protocol_methods AS (
        SELECT DISTINCT m.repo, m.parent_id AS protocol, m.name FROM methods m SEMI JOIN protocols p
            ON p.repo = m.repo AND p.id = m.parent_id
    ),
    matched AS (
        SELECT p.repo, u.start AS id, p.protocol
        FROM protocol_methods p
        JOIN methods m ON m.repo = p.repo AND m.name = p.name
        JOIN up u ON u.repo = m.repo AND u.id = m.parent_id AND u.start <> p.protocol
        GROUP BY p.repo, u.start, p.protocol
        HAVING count(DISTINCT p.name) = (SELECT count(*) FROM protocol_methods q
                                         WHERE q.repo = p.repo AND q.protocol = p.protocol)
    )
    SELECT DISTINCT x.repo, x.id  -- its own or a base's: the one the call runs
    FROM exported x JOIN up u ON u.repo = x.repo AND u.id = x.parent_id
    JOIN matched t ON t.repo = u.repo AND t.id = u.start
    SEMI JOIN protocol_methods p ON p.repo = t.repo AND p.protocol = t.protocol AND p.name = x.name
    WHERE x.kind = 'method'
),
linked_twins AS (  -- dead_code's `linked_twins`: a C or C++ extern function another file's same-named referenced
                   -- function stands for under another #if (hiredis's hi_malloc); a .d.ts (or .pyi) declaration of a
                   -- referenced definition of that qualified name elsewhere (twin_candidates)
    SELECT DISTINCT c.repo, c.id
    FROM twin_candidates c
    SEMI JOIN edges_in e ON e.repo = c.repo AND e.dst_id = c.twin_id AND e.out_confidence > c.above
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
    SELECT DISTINCT p.repo, p.id
    FROM type_twins p
    WHERE EXISTS (SELECT 1 FROM edges_in e WHERE e.repo = p.repo AND e.dst_id = p.part_id AND e.out_confidence > 0.3)
       OR EXISTS (SELECT 1 FROM part_members m JOIN edges_in e ON e.repo = m.repo AND e.dst_id = m.id
                  WHERE m.repo = p.repo AND m.parent_id = p.part_id
                    AND (e.out_lo <> p.part_id OR e.out_hi <> p.part_id))
       OR EXISTS (SELECT 1 FROM part_members m
                  WHERE m.repo = p.repo AND m.parent_id = p.part_id AND m.is_entry_point
                    AND NOT starts_with(coalesce(m.entry_reason, ''), 'runtime hook: '))
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
      AND NOT EXISTS (SELECT 1 FROM used_overrides u WHERE u.repo = x.repo  -- or an overload's (f#2 beside f)
                      AND u.id = if(contains(x.id, '#'), regexp_replace(x.id, '#[0-9]+', '', 'g'), x.id))
      AND NOT EXISTS (SELECT 1 FROM unresolved w WHERE w.repo = x.repo AND w.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM used_twins t WHERE t.repo = x.repo
                      AND t.twin = if(contains(x.id, '#'), regexp_replace(x.id, '#[0-9]+', '', 'g'), x.id))
      AND NOT (x.by_type
               AND EXISTS (SELECT 1 FROM outside_bases o WHERE o.repo = x.repo AND o.id = x.parent_id))
      AND NOT (x.by_base AND EXISTS (SELECT 1 FROM outside_bases o WHERE o.repo = x.repo AND o.id = x.id))
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM mixed_into m WHERE m.repo = x.repo AND m.id = x.parent_id))
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM into_files e  -- dead_code's `string_named` (its class
               WHERE e.repo = x.repo AND e.dst_id = x.parent_id AND e.ref_form = 'string' AND e.kind = 'reads'))  -- here)
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM into_files e  -- dead_code's `passed_modules` (its module
               WHERE e.repo = x.repo AND e.dst_id = x.parent_id AND e.ref_form = 'read' AND e.kind = 'reads'  -- here)
                 AND ends_with(e.dst_id, '::<module>')))
      AND NOT (x.kind IN ('function', 'class') AND EXISTS (SELECT 1 FROM into_files e  -- dead_code's `read_whole`
               WHERE e.repo = x.repo AND e.dst_id = x.parent_id AND e.ref_form = 'read' AND e.kind = 'reads'
                 AND ends_with(e.dst_id, '::<module>')
                 AND NOT EXISTS (SELECT 1 FROM files f WHERE f.repo = e.repo AND f.path = e.path AND f.is_test)))
      AND NOT EXISTS (SELECT 1 FROM linked_twins l WHERE l.repo = x.repo AND l.id = x.id)
      AND NOT EXISTS (SELECT 1 FROM type_parts p WHERE p.repo = x.repo AND p.id = x.id)
      AND NOT (x.kind = 'method' AND EXISTS (SELECT 1 FROM hidden_types h WHERE h.repo = x.repo AND h.id = x.parent_id))
      AND NOT EXISTS (SELECT 1 FROM protocol_members p WHERE p.repo = x.repo AND p.id = x.id)
      AND NOT (x.kind = 'method' AND regexp_matches(x.name, '^(get|is|set)[A-Z]')  -- dead_code's `bean_accessors`
               AND EXISTS (SELECT 1 FROM src f WHERE f.repo = x.repo AND f.path = x.path AND f.family = 'java')
               AND EXISTS (SELECT 1 FROM own_symbols v WHERE v.repo = x.repo AND v.parent_id = x.parent_id
                           AND v.kind = 'field' AND v.name = lower(regexp_extract(x.name, '^(?:get|is|set)(.)', 1))
                                                             || regexp_extract(x.name, '^(?:get|is|set).(.*)$', 1)))
    GROUP BY x.repo, x.path
)
SELECT s.repo, s.path, coalesce(u.unused, []) AS unused, coalesce(u.unused_count, 0) AS unused_count
FROM src s
LEFT JOIN unused u ON u.repo = s.repo AND u.path = s.path;
