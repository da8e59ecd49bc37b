-- file_roles: one row per file of each repository (skipped files included): what part the file plays, so that the
--   map offers a repository's own code first and counts tests, fixtures, examples and benchmarks apart.
--   role: 'generated' or 'vendored' (files flags); 'test' (files.is_test, or under a test-support folder the test
--   rule does not name: fixtures, testdata, __mocks__, test-examples, runtime-tests, e2e...); 'example' (examples,
--   samples, demos); 'benchmark' (benchmarks, bench, benches); 'docs' (docs, documentation, a Swift DocC catalog
--   `X.docc`: a folder named doc is often a package); 'tooling' (scripts, tools, bin, build, release, ci folders, a
--   top-level setup.py); else 'source'.
-- Columns: repo, path, role, is_source (role = 'source').
CREATE OR REPLACE VIEW file_roles AS
WITH classified AS (
    SELECT repo, path,
           CASE
               WHEN coalesce(is_generated, false) THEN 'generated'
               WHEN coalesce(is_vendored, false) THEN 'vendored'
               WHEN coalesce(is_test, false) THEN 'test'
               WHEN regexp_matches(lower(path), '(^|/)(__tests__|__fixtures__|__mocks__|__snapshots__|testdata|'
                                   || 'test[-_]?(data|examples?|fixtures?|utils?|support|helpers?|files|cases)|'
                                   || '[a-z0-9]+[-_]tests?|e2e|fixtures?)/') THEN 'test'
               WHEN regexp_matches(lower(path), '(^|/)(_?examples?|samples?|demos?)/') THEN 'example'
               WHEN regexp_matches(lower(path), '(^|/)(benchmarks?|bench|benches|perf[-_]measures)/') THEN 'benchmark'
               WHEN regexp_matches(lower(path), '(^|/)(docs|documentation|[^/]+\.docc)/') THEN 'docs'
               WHEN regexp_matches(lower(path), '(^|/)(scripts?|tools?|bin|build|release|\.github|\.circleci|\.ci|ci|hack)/')
                    OR lower(path) IN ('setup.py', 'noxfile.py', 'tasks.py', 'fabfile.py', 'conftest.py')
                   THEN 'tooling'
               ELSE 'source'
           END AS role
    FROM files
)
SELECT repo, path, role, role = 'source' AS is_source FROM classified;
