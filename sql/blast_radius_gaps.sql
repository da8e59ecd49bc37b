-- blast_radius_gaps(target_name, repo_id := NULL, languages := NULL): table macro, one row per repository: why an
-- answer about target_name may be a lower bound. ``languages`` (a list) limits the file counts to the languages that
-- can call the target (a C header parsed by regex hides no Python caller); NULL counts every file.
-- Columns: repo, unparsed_files (files indexed only by regex fallback or with syntax errors, callers in them are
--          missing or guessed), skipped_files (not indexed: vendored, generated, binary, too large, unreadable),
--          unresolved_mentions (references written with that name that resolved to nothing; references known
--          to go outside the repository, resolution 'external', are not counted).
CREATE OR REPLACE MACRO blast_radius_gaps(target_name, repo_id := NULL, languages := NULL) AS TABLE
SELECT f.repo,
       count(*) FILTER (WHERE f.parse_status IN ('partial', 'fallback')) AS unparsed_files,
       count(*) FILTER (WHERE f.parse_status = 'skipped' AND NOT f.is_vendored) AS skipped_files,
       (SELECT count(*) FROM edges e
        WHERE e.repo = f.repo AND e.resolution = 'unresolved'  -- no target (dst_id null): not read, a string each
          AND (e.dst_name = target_name OR ends_with(e.dst_name, '.' || target_name))) AS unresolved_mentions
FROM files f
WHERE (repo_id IS NULL OR f.repo = repo_id) AND (languages IS NULL OR list_contains(languages, f.language))
GROUP BY f.repo;
