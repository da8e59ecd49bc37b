-- pin symbols: load the table's current snapshot into memory for a long-lived session (warm queries); the view of the
-- same name then reads the in-memory copy. Run by pipeline.catalog.Catalog.pin(), never on connect.
CREATE OR REPLACE TEMP TABLE pinned_symbols AS SELECT * FROM read_parquet(lake_symbols(), union_by_name = true);
CREATE OR REPLACE TEMP VIEW symbols AS SELECT * FROM pinned_symbols;
