-- agent_activity: one row per repository, file and agent: what coding agents did to the file in their sessions.
-- Columns: repo, path, agent, reads, edits (edit, write, create, delete, move), searches (search, list), calls,
--          sessions (top-level sessions, subagents counted with their parent), first_touched, last_touched.
-- Only files: the repository root (".") and directories (paths that are a prefix of another touched path) are left out.
CREATE OR REPLACE VIEW agent_activity AS
WITH touched AS (
    SELECT * FROM tool_calls WHERE path IS NOT NULL AND path <> '.'
),
dirs AS (
    SELECT DISTINCT repo, unnest(list_transform(range(1, len(parts)), lambda i: array_to_string(parts[1:i], '/'))) AS path
    FROM (SELECT DISTINCT repo, string_split(path, '/') AS parts FROM touched)
)
SELECT
    t.repo, t.path, t.agent,
    count(DISTINCT t.call_key) FILTER (WHERE t.op = 'read') AS reads,
    count(DISTINCT t.call_key) FILTER (WHERE t.op IN ('edit', 'write', 'create', 'delete', 'move')) AS edits,
    count(DISTINCT t.call_key) FILTER (WHERE t.op IN ('search', 'list')) AS searches,
    count(DISTINCT t.call_id) AS calls,
    count(DISTINCT t.root_session_id) AS sessions,
    min(t.ts) AS first_touched,
    max(t.ts) AS last_touched
FROM touched t
ANTI JOIN dirs d ON d.repo = t.repo AND d.path = t.path
GROUP BY t.repo, t.path, t.agent;
