-- import_bindings: one row per name an import statement binds in a file, for imports of modules outside the
--   repository's own relative paths (what may be another repository's package).
--   member: the imported definition (`from httpcore import URL`, `use regex::Regex`, Java's class), NULL for a
--   namespace import (`import httpcore`, `require('body-parser')`, Go's package); binding: the local name code
--   uses (the alias, else the member, else the module's name as the language binds it).
-- Columns: repo, path, src_qualname, line, language, family (python | javascript | go | rust | java), module,
--          member, binding.
CREATE OR REPLACE VIEW import_bindings AS
WITH imports AS (
    SELECT r.repo, r.path, r.src_qualname, r.line, f.language, r.module, r.alias,
           CASE WHEN f.language IN ('javascript', 'typescript', 'tsx', 'vue', 'svelte') THEN 'javascript'
                WHEN f.language IN ('java', 'kotlin', 'scala') THEN 'java'
                ELSE f.language END AS family,
           nullif(nullif(nullif(r.name, ''), '*'), 'default') AS name
    FROM refs r
    JOIN files f ON f.repo = r.repo AND f.path = r.path
    WHERE r.kind = 'import' AND r.module IS NOT NULL AND r.module <> '' AND NOT coalesce(f.is_vendored, false)
      AND NOT starts_with(r.module, '.') AND NOT starts_with(r.module, '/')
      AND NOT regexp_matches(r.module, '^(crate|super|self)(::|$)')
),
split AS (  -- Java names the class in the module path: com.acme.util.Audit = class Audit of package com.acme.util
    SELECT * REPLACE (CASE WHEN family = 'java' AND name IS NULL THEN regexp_replace(module, '\.[^.]+$', '')
                           ELSE module END AS module),
           CASE WHEN family = 'java' AND name IS NULL THEN regexp_extract(module, '[^.]+$') ELSE name END AS member
    FROM imports
)
SELECT repo, path, src_qualname, line, language, family, module, member,
       coalesce(alias, member, CASE family WHEN 'go' THEN regexp_extract(module, '[^/]+$')
                                           WHEN 'rust' THEN regexp_extract(module, '[^:]+$')
                                           ELSE module END) AS binding
FROM split;
