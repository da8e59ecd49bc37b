-- refs: one row per raw reference as written in a file (call site, callback, base class, import), before resolution.
-- Columns: repo, path, src_qualname, kind, name, receiver, module, alias, line, bound_to, args (how many arguments a
--          call passes where its language has overloads; null: not known).
CREATE OR REPLACE VIEW refs AS
SELECT * FROM read_parquet(lake_refs(), union_by_name = true);
