-- subsystems: one row per community (subsystem) of each repository, largest first: what the digest lists.
-- Columns: repo, community, name, size, key_files (the most central files, up to 3), purpose (the first sentence
--          of the docstring or header comment of the most central of its 5 most central files that has one),
--          purpose_path (that file), paths (every member, most central first), tests (members that are tests).
CREATE OR REPLACE VIEW subsystems AS
WITH described AS (
    SELECT c.*, p.purpose, f.is_test
    FROM communities c
    LEFT JOIN file_purposes p ON p.repo = c.repo AND p.path = c.path
    LEFT JOIN files f ON f.repo = c.repo AND f.path = c.path
)
SELECT repo, community, any_value(name) AS name, count(*) AS size,
       list(path ORDER BY coalesce(is_test, false), rank)[:3] AS key_files,
       arg_min(purpose, rank) FILTER (WHERE purpose IS NOT NULL AND rank <= 5) AS purpose,
       arg_min(path, rank) FILTER (WHERE purpose IS NOT NULL AND rank <= 5) AS purpose_path,
       list(path ORDER BY rank) AS paths,
       count(*) FILTER (WHERE is_test) AS tests
FROM described
GROUP BY repo, community
ORDER BY repo, size DESC, community;
