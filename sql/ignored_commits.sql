-- ignored_commits: one row per commit the repository's blame ignore-revs file lists (blame.ignoreRevsFile, else
--   .git-blame-ignore-revs; git extractor, read each run): the bulk reformatting a project says is not authorship.
--   ownership and the coupling views (history_changesets) leave them out; churn and hotspots count them (the lines
--   did change).
-- Columns: repo, sha.
CREATE OR REPLACE VIEW ignored_commits AS
SELECT * FROM read_parquet(lake_ignored_commits(), union_by_name = true);
