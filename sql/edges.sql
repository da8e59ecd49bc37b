-- edges: one row per reference and candidate target: calls, imports, inherits, dispatch (base -> override), uses_type
-- (a type named in a signature, field, variable, generic argument or annotation).
-- Columns: repo, src_id, dst_id (null when unresolved or external), dst_name (as written), kind, path, line,
--          confidence (0-1), resolution (same_file | import | inherited | constructor | same_package | fixture | flow |
--          dispatch | unique_name | ambiguous | unresolved | external), provenance, ref_form (calls: call, callback,
--          constructor, fixture, property, protocol (a method a statement runs: `for x in it`, `with cm`); imports:
--          import, module; uses_type: parameter, return, field, variable, generic, annotation), receiver, dst_path,
--          src_sid, dst_sid.
CREATE OR REPLACE VIEW edges AS
SELECT * FROM read_parquet(lake_edges(), union_by_name = true);
