-- packages: one row per import name (module) a repository declares in a manifest (pyproject.toml, setup.cfg,
-- package.json, go.mod, Cargo.toml, pom.xml, build.gradle); written by the packages extractor.
-- Columns: repo, ecosystem (pypi | npm | go | cargo | maven), language (family whose imports name it: python,
--          javascript, go, rust, java), name (as published), version, manifest (path), module (import name or
--          prefix), separator ('.', '/', '::'), module_path (repository folder implementing the module; '' = root).
CREATE OR REPLACE VIEW packages AS
SELECT * FROM read_parquet(lake_packages(), union_by_name = true);
