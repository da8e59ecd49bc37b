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
--   The columns are two parts' (one owner each): file_structure_uses (the files, called, dependents, tests, covers,
--   depends_on) and file_structure_unused (unused); the per-file export reads them in two statements, as DuckDB
--   keeps every operator's state to a statement's end (sympy's hub: 135 -> 122 MiB).
-- Columns: repo, path, language, is_test, role, blob_sha, indexed_commit, called, dependents, dependents_count,
--          tests, tests_count, covers, covers_count, unused, unused_count, depends_on.
CREATE OR REPLACE MACRO file_structure_cards(repo_id := NULL, for_paths := NULL, top := 3, edge_files := NULL,
                                              symbol_files := NULL, member_files := NULL,
                                              unresolved_files := NULL, dispatch_files := NULL,
                                              hierarchy_files := NULL) AS TABLE
SELECT s.repo, s.path, s.language, s.is_test, s.role, s.blob_sha, s.indexed_commit, s.called, s.dependents,
       s.dependents_count, s.tests, s.tests_count, s.covers, s.covers_count, u.unused, u.unused_count, s.depends_on
FROM file_structure_uses(repo_id := repo_id, for_paths := for_paths, top := top, edge_files := edge_files,
                         symbol_files := symbol_files) s
JOIN file_structure_unused(repo_id := repo_id, for_paths := for_paths, top := top, edge_files := edge_files,
                           symbol_files := symbol_files, member_files := member_files,
                           unresolved_files := unresolved_files, dispatch_files := dispatch_files,
                           hierarchy_files := hierarchy_files) u
  ON u.repo = s.repo AND u.path = s.path
ORDER BY s.repo, s.path;
