-- communities: one row per source file and the subsystem it belongs to (derived after the extractors of each run:
--   Leiden community detection over the fused `neighborhood` graph; ids stay stable across runs when membership
--   barely changes; names are the folder holding most members and the most central file).
-- Columns: repo, community, name, path, rank (1 = most central in its community), size (files in the community),
--          centrality (summed fused weight inside the community), method (leiden | louvain (networkx) | folders).
CREATE OR REPLACE VIEW communities AS
SELECT * FROM read_parquet(getvariable('lake_communities'), union_by_name = true);
