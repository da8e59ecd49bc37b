"""Agent integration: the hook runtime Claude Code and Codex call around tool calls, the background refreshes it
starts, and ``install-hooks`` (which writes our entries into the agents' settings files).

The hook path (``codelake hook <agent>``) imports only cheap stdlib modules and the export reader
(``pipeline.exports.read``): no DuckDB, pyarrow or Prefect. Writing the lake happens in detached worker processes
(``pipeline.hooks.worker``), never while the agent waits.
"""
