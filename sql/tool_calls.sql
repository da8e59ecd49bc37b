-- tool_calls: one row per agent tool call and repository path it touched (a call touching no stored path: one row, path NULL).
-- Columns: repo, agent, agent_version, session_id, parent_session_id, root_session_id (the top-level session; subagent
--          work counts with its parent), subagent_id, is_sidechain, call_id, call_key (unique per row), seq, ts, tool,
--          op (read, edit, write, create, delete, move, search, list, exec), path (relative to the repository root),
--          path_source (tool_input, cwd, patch_header, shell_parse, agent_jsonl), confidence, success, git_branch, model,
--          source_file, source_line, extractor, command (only with the keep_commands opt-in).
CREATE OR REPLACE VIEW tool_calls AS
SELECT * FROM read_parquet(lake_tool_calls(), union_by_name = true);
