-- doc_mentions: one row per code-like token a document mentions (doc_refs extractor): a path, a dotted name, a name
--   in a code span, or a name in prose that cannot be an English word; `doc_refs` resolves them to files and symbols.
-- Columns: repo, doc_path, doc_kind (markdown | rst | text | adr | changelog), line, heading (the section it is
--          under), token (as written), form (path | dotted | code | identifier).
CREATE OR REPLACE VIEW doc_mentions AS
SELECT * FROM read_parquet(getvariable('lake_doc_mentions'), union_by_name = true);
