-- file_purposes: one row per source file with a module docstring or a leading comment (doc_refs extractor): its
--   first sentence, licences, shebangs and tool directives left out.
-- Columns: repo, path, purpose, source (docstring | comment), line.
CREATE OR REPLACE VIEW file_purposes AS
SELECT * FROM read_parquet(getvariable('lake_file_purposes'), union_by_name = true);
