"""SQL views and macros, one per file; installed as the package ``codelake_sql``."""
