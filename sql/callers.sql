-- callers: one row per resolved inbound reference of a symbol (who calls, imports, inherits, overrides or names it
-- as a type; filter on kind, e.g. kind = 'calls', to leave type uses out).
-- Columns: repo, symbol_id, caller_id, caller_name, caller_kind, caller_is_test, path (of the call site), line,
--          kind, ref_form, confidence, resolution.
CREATE OR REPLACE VIEW callers AS
SELECT e.repo, e.dst_id AS symbol_id, e.src_id AS caller_id, s.name AS caller_name, s.kind AS caller_kind,
       s.is_test AS caller_is_test, e.path, e.line, e.kind, e.ref_form, e.confidence, e.resolution
FROM edges e
LEFT JOIN symbols s ON s.repo = e.repo AND s.id = e.src_id
WHERE e.dst_id IS NOT NULL;
