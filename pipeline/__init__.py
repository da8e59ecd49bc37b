"""codelake core: lake, registry, catalog, exporter and CLI.

Heavy libraries (DuckDB, pyarrow, Prefect, tree-sitter) are imported lazily inside the functions that need them so
that hooks and the CLI's fast paths stay cheap.
"""

__version__ = "0.1.0"
LAKE_SCHEMA_VERSION = 2  # 2: versions under _versions/, table folders hold only current shards
