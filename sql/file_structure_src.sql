-- file_structure_src(repo_id := NULL, for_paths := NULL): the source files (not skipped) file_structure_cards
--   describes, with their role (file_roles.role); for_paths (a list of paths) keeps only those. Each part of the
--   cards (file_structure_uses and file_structure_unused) gives one row per file of these.
-- Columns: the files view's, then role.
CREATE OR REPLACE MACRO file_structure_src(repo_id := NULL, for_paths := NULL) AS TABLE
SELECT f.*, r.role FROM files f JOIN file_roles r ON r.repo = f.repo AND r.path = f.path
WHERE f.parse_status <> 'skipped' AND (repo_id IS NULL OR f.repo = repo_id)
  AND (for_paths IS NULL OR list_contains(for_paths, f.path));
