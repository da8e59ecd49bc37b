-- file_purposes: one row per source file with a module docstring or a leading comment (doc_refs extractor) that
--   reads as a purpose: its first sentence, licences, shebangs and tool directives left out. Cleaned here: a
--   leading '#' and a leading or trailing @module/@file/@fileoverview tag are dropped, the text is cut before any
--   other JSDoc tag (@param...), URLs and reStructuredText underlines are removed; left out are pragmas and tags
--   (@jsxImportSource, @deprecated), the doc comment of a declaration (tags such as @param or @returns, or below
--   line 40), code the comment reader caught (quotes, arrows, markup), boilerplate ("Module dependencies.",
--   istanbul/eslint directives, Go build constraints) and anything shorter than two words.
-- Columns: repo, path, purpose, source (docstring | comment), line.
CREATE OR REPLACE VIEW file_purposes AS
WITH raw AS (
    SELECT * FROM read_parquet(lake_file_purposes(), union_by_name = true)
),
cleaned AS (
    SELECT repo, path, source, line, purpose AS original,
           trim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
               purpose,
               '^[#\s]+', ''),
               '^\s*@(module|file|fileoverview|overview|packageDocumentation)\b\s*', ''),
               '\s+@(module|file|fileoverview|overview|packageDocumentation)\s*$', ''),
               '\s+@[A-Za-z]+\b.*$', ''),
               '\s*<?https?://\S+|\s+[=#-]{3,}(\s|$)', ' ', 'g'),
               '\s{2,}', ' ', 'g')) AS purpose
    FROM raw
)
SELECT repo, path, purpose, source, line
FROM cleaned
WHERE purpose <> ''
  AND NOT (source = 'comment' AND regexp_matches(original, '@(param|returns?|example|type|template|typedef|callback|'
                                                            || 'description|experimental|see|link)\b'))  -- a declaration's
  AND NOT (source = 'comment' AND line > 40)  -- doc comment, not the file's
  AND NOT regexp_matches(purpose, '^[^A-Za-z0-9]')  -- '@pragma', "' => ...", '/ <reference', '.raw ...', '- pattern'
  AND NOT regexp_matches(purpose, '=>|</?[a-z]+[ >]|/>|\)\s*[{(]|^\S+\(|\\n')  -- code and markup
  AND NOT regexp_matches(lower(purpose), '^(module dependencies|istanbul |eslint|prettier|jshint|jscs:|global |'
                                         || 'use strict|noinspection|type: ?ignore|pylint|-\*-|todo\b|fixme\b|go:|\+build|nolint)')
  AND regexp_matches(purpose, '[A-Za-z]{2,}\W+[A-Za-z]{2,}');  -- at least two words
