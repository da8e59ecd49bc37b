-- subsystems: one row per community (subsystem) of each repository, largest first: what the digest lists. A
--   subsystem is described by its members that are the repository's own source (file_roles.role 'source'), so a
--   community of library code and the tests, fixtures or examples that exercise it is named after the library code.
-- Columns: repo, community, name (communities.name), size, sources (members with role 'source'), tests (members
--          that are tests), folder (the deepest folder holding at least 60 % of its source members, or of all
--          members when none is source; '' at the top level), key_files (its most central source members, else its
--          most central members, up to 3), purpose (the first sentence of the docstring or header comment of the
--          most central of its key files that has one), purpose_path (that file), paths (every
--          member, most central first).
CREATE OR REPLACE VIEW subsystems AS
WITH described AS (
    SELECT c.*, p.purpose, coalesce(r.role, 'source') AS role, coalesce(r.role, 'source') = 'test' AS is_test,
           row_number() OVER (PARTITION BY c.repo, c.community, coalesce(r.role, 'source') = 'source'
                              ORDER BY c.rank) AS role_rank
    FROM communities c
    LEFT JOIN file_purposes p ON p.repo = c.repo AND p.path = c.path
    LEFT JOIN file_roles r ON r.repo = c.repo AND r.path = c.path
),
counted AS (
    SELECT repo, community, count(*) AS size, count(*) FILTER (WHERE role = 'source') AS sources
    FROM described GROUP BY repo, community
),
described_members AS (  -- the members a subsystem is described by: its source files, or all when it has none
    SELECT d.* FROM described d JOIN counted c USING (repo, community) WHERE c.sources = 0 OR d.role = 'source'
),
folders AS (
    SELECT repo, community, folder, count(*) AS members
    FROM (SELECT repo, community,
                 unnest(list_transform(range(1, len(string_split(path, '/'))),
                                       lambda i: array_to_string(string_split(path, '/')[1:i], '/'))) AS folder
          FROM described_members)
    GROUP BY ALL
),
majority AS (
    SELECT f.repo, f.community,
           arg_max(f.folder, len(f.folder) - len(replace(f.folder, '/', '')) + 1) AS folder
    FROM folders f
    JOIN (SELECT repo, community, count(*) AS n FROM described_members GROUP BY ALL) m USING (repo, community)
    WHERE f.members >= 0.6 * m.n
    GROUP BY f.repo, f.community
)
SELECT d.repo, d.community, any_value(d.name) AS name, any_value(c.size) AS size, any_value(c.sources) AS sources,
       (SELECT count(*) FROM described t WHERE t.repo = d.repo AND t.community = d.community AND t.is_test) AS tests,
       coalesce(any_value(m.folder), '') AS folder,
       list(d.path ORDER BY d.rank)[:3] AS key_files,
       arg_min(d.purpose, d.rank) FILTER (WHERE d.purpose IS NOT NULL AND d.role_rank <= 3) AS purpose,
       arg_min(d.path, d.rank) FILTER (WHERE d.purpose IS NOT NULL AND d.role_rank <= 3) AS purpose_path,
       (SELECT list(t.path ORDER BY t.rank) FROM described t WHERE t.repo = d.repo AND t.community = d.community)
           AS paths
FROM described_members d
JOIN counted c ON c.repo = d.repo AND c.community = d.community
LEFT JOIN majority m ON m.repo = d.repo AND m.community = d.community
GROUP BY d.repo, d.community
ORDER BY d.repo, any_value(c.sources) DESC, any_value(c.size) DESC, d.community;
