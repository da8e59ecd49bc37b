-- co_touch: one row per repository and ordered pair of files (file, other) touched in the same agent session; each
--           unordered pair appears twice, once from each side, so `WHERE file = ?` finds a file's partners.
-- Columns: repo, file, other, sessions (top-level sessions touching both; subagent work counts with its parent),
--          score (weighted, below), file_sessions, other_sessions, degree (sessions / mean of the two files' sessions,
--          as code-maat's coupling degree, 0..1), last_seen (latest touch of either file in a shared session), agents.
-- Score: a session's weight for a file is its strongest touch, op weight x confidence (shell-parsed paths carry 0.5):
--   edit_weight for edit/write/create/delete/move, read_weight for read, search_weight for search/list/exec/unknown.
--   A session adds w(file) * w(other) / (files_in_session - 1) ^ size_damping: sessions touching many files say less
--   about each pair (size_damping 0 turns this off, 1 shares one unit per file). Sessions touching more than
--   max_files files are ignored, as code-maat ignores change sets over 30 files.
-- as_of: only calls made at or before it (so an evaluation of the past sees no later session).
-- Files only: the root (".") and directories (paths prefixing another touched path) are left out.
CREATE OR REPLACE MACRO co_touch(edit_weight := 1.0, read_weight := 0.5, search_weight := 0.25,
                                 size_damping := 0.5, max_files := 100, min_sessions := 1,
                                 as_of := NULL) AS TABLE
WITH calls AS (
    SELECT * FROM tool_calls
    WHERE path IS NOT NULL AND path <> '.' AND (as_of IS NULL OR ts <= CAST(as_of AS TIMESTAMPTZ))
),
dirs AS (
    SELECT DISTINCT repo, unnest(list_transform(range(1, len(parts)), lambda i: array_to_string(parts[1:i], '/'))) AS path
    FROM (SELECT DISTINCT repo, string_split(path, '/') AS parts FROM calls)
),
touches AS (
    SELECT c.repo, c.root_session_id AS session, c.path, c.agent, c.ts,
           coalesce(c.confidence, 1.0) * CASE
               WHEN c.op IN ('edit', 'write', 'create', 'delete', 'move') THEN edit_weight
               WHEN c.op = 'read' THEN read_weight
               ELSE search_weight END AS weight
    FROM calls c ANTI JOIN dirs d ON d.repo = c.repo AND d.path = c.path
),
session_files AS (
    SELECT repo, session, path, max(weight) AS weight, max(ts) AS last_ts, any_value(agent) AS agent
    FROM touches GROUP BY ALL
),
session_size AS (
    SELECT repo, session, count(*) AS files FROM session_files GROUP BY ALL
),
file_sessions AS (
    SELECT repo, path, count(*) AS sessions FROM session_files GROUP BY ALL
),
pairs AS (
    SELECT a.repo, a.session, a.path AS file, b.path AS other, s.files,
           a.weight * b.weight / pow(greatest(s.files - 1, 1), size_damping) AS contribution,
           greatest(a.last_ts, b.last_ts) AS last_ts, a.agent
    FROM session_files a
    JOIN session_files b ON a.repo = b.repo AND a.session = b.session AND a.path <> b.path
    JOIN session_size s ON s.repo = a.repo AND s.session = a.session
    WHERE s.files <= max_files
)
SELECT p.repo, p.file, p.other,
       count(*) AS sessions,
       sum(p.contribution) AS score,
       any_value(fa.sessions) AS file_sessions,
       any_value(fb.sessions) AS other_sessions,
       count(*) / ((any_value(fa.sessions) + any_value(fb.sessions)) / 2.0) AS degree,
       max(p.last_ts) AS last_seen,
       list(DISTINCT p.agent ORDER BY p.agent) AS agents
FROM pairs p
JOIN file_sessions fa ON fa.repo = p.repo AND fa.path = p.file
JOIN file_sessions fb ON fb.repo = p.repo AND fb.path = p.other
GROUP BY p.repo, p.file, p.other
HAVING count(*) >= min_sessions;
