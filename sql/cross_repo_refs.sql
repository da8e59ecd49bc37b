-- cross_repo_refs: one row per import, call, callback or base class in one repository that names a module another
--   indexed repository declares (packages), through the file's import bindings: the import itself, a call of an
--   imported name (`from httpcore import URL; URL()`), or a call through a namespace (`httpcore.URL()`,
--   `bodyParser.json`, `pflag.String()`). The longest declared module prefix wins.
-- Columns: repo, path, src_qualname, line, kind (imports | calls | inherits), family, module (as written), member
--          (the definition named; NULL = the module itself), container (a class the member is reached through),
--          dst_repo, package (as published), package_module, module_path, target_prefix (the repository path the
--          module's remainder points at, without extension).
CREATE OR REPLACE VIEW cross_repo_refs AS
WITH uses AS (
    SELECT repo, path, src_qualname, line, 'imports' AS kind, family, module, member, NULL AS container
    FROM import_bindings
    UNION ALL
    SELECT r.repo, r.path, r.src_qualname, r.line,
           CASE WHEN r.kind = 'inherits' THEN 'inherits' ELSE 'calls' END, b.family, b.module,
           CASE WHEN r.receiver IS NULL THEN b.member ELSE r.name END,
           CASE WHEN r.receiver IS NULL THEN NULL ELSE b.member END
    FROM refs r
    JOIN import_bindings b ON b.repo = r.repo AND b.path = r.path
     AND ((r.receiver IS NULL AND b.member IS NOT NULL AND r.name = b.binding) OR r.receiver = b.binding)
    WHERE r.kind IN ('call', 'callback', 'inherits')
),
matched AS (
    SELECT u.*, p.repo AS dst_repo, p.name AS package, p.module AS package_module, p.module_path, p.separator,
           row_number() OVER (PARTITION BY u.repo, u.path, u.line, u.kind, u.module, u.member, u.container
                              ORDER BY length(p.module) DESC, p.repo) AS pick
    FROM uses u
    JOIN packages p ON p.repo <> u.repo AND p.language = u.family
     AND (u.module = p.module OR starts_with(u.module, p.module || p.separator))
)
SELECT repo, path, src_qualname, line, kind, family, module, member, container, dst_repo, package, package_module,
       module_path,
       trim(module_path || replace(substr(module, length(package_module) + 1), separator, '/'), '/') AS target_prefix
FROM matched
WHERE pick = 1;
