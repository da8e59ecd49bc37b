-- edges: one row per reference and candidate target: calls, imports, inherits, dispatch (base -> override).
-- Columns: repo, src_id, dst_id (null when unresolved), dst_name (as written), kind, path, line, confidence (0-1),
--          resolution (same_file | import | inherited | constructor | same_package | unique_name | ambiguous |
--          dispatch | unresolved), provenance, ref_form, receiver, dst_path.
CREATE OR REPLACE VIEW edges AS
SELECT * FROM read_parquet(lake_edges(), union_by_name = true);
