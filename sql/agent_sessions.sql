-- agent_sessions: one row per top-level agent session (subagents folded into their parent).
-- Columns: repo, session_id, agent, agent_version, git_branch, started, ended, calls, subagents (subagent or
--          sidechain sessions), files_read, files_edited, files (distinct repository paths touched, directories included, sorted).
CREATE OR REPLACE VIEW agent_sessions AS
SELECT
    repo,
    root_session_id AS session_id,
    any_value(agent) AS agent,
    max(agent_version) AS agent_version,
    any_value(git_branch) FILTER (WHERE git_branch IS NOT NULL) AS git_branch,
    min(ts) AS started,
    max(ts) AS ended,
    count(DISTINCT call_id) AS calls,
    count(DISTINCT session_id) FILTER (WHERE parent_session_id IS NOT NULL) AS subagents,
    count(DISTINCT path) FILTER (WHERE op = 'read' AND path <> '.') AS files_read,
    count(DISTINCT path) FILTER (WHERE op IN ('edit', 'write', 'create', 'delete', 'move')) AS files_edited,
    list(DISTINCT path ORDER BY path) FILTER (WHERE path IS NOT NULL AND path <> '.') AS files
FROM tool_calls
GROUP BY repo, root_session_id;
