-- callees: one row per outbound reference of a symbol, resolved or not (what it calls, imports, inherits).
-- Columns: repo, symbol_id, callee_id (null when unresolved), callee_name (as written), callee_path, line, kind,
--          ref_form, confidence, resolution.
CREATE OR REPLACE VIEW callees AS
SELECT e.repo, e.src_id AS symbol_id, e.dst_id AS callee_id, e.dst_name AS callee_name, e.dst_path AS callee_path,
       e.line, e.kind, e.ref_form, e.confidence, e.resolution
FROM edges e;
