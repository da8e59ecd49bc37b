"""The ``tool_calls`` table, shared by the three agent-log extractors (one schema, so their runs merge cleanly).

Grain: one row per tool call and repository path it touched; a call touching no path (a shell command, a web fetch,
a path outside the repository) has one row with ``path`` NULL. ``call_key`` (``<extractor>:<call_id>:<n>``) is
unique per row: each extractor replaces only keys it emits, so the agents' rows coexist in one partition.
"""

from __future__ import annotations

from datetime import datetime, timezone

TABLE = "tool_calls"
# Values of ``op``; edit-like ops are the ones that change a file.
OPS = ("read", "edit", "write", "create", "delete", "move", "search", "list", "exec")
EDIT_OPS = ("edit", "write", "create", "delete", "move")

COLUMNS = (
    ("repo", "string"),
    ("agent", "string"),            # claude_code, codex, or the agent named in an agent_jsonl line
    ("agent_version", "string"),
    ("session_id", "string"),       # a subagent's own id is "<parent session>/<agent id>"
    ("parent_session_id", "string"),
    ("root_session_id", "string"),  # the top-level session: subagent work counts with its parent
    ("subagent_id", "string"),
    ("is_sidechain", "bool"),
    ("call_id", "string"),
    ("call_key", "string"),
    ("seq", "int64"),               # order of the call within its source file
    ("ts", "timestamp"),
    ("tool", "string"),
    ("op", "string"),
    ("path", "string"),             # relative to the repository root; "." is the root itself
    ("path_source", "string"),      # tool_input, cwd, patch_header, shell_parse, agent_jsonl
    ("confidence", "float64"),
    ("success", "bool"),
    ("git_branch", "string"),
    ("model", "string"),
    ("source_file", "string"),
    ("source_line", "int64"),
    ("extractor", "string"),
    ("command", "string"),          # only with the keep_commands opt-in; NULL otherwise
)


def tool_calls_schema():
    import pyarrow as pa

    types = {"string": pa.string(), "bool": pa.bool_(), "int64": pa.int64(), "float64": pa.float64(),
             "timestamp": pa.timestamp("us", tz="UTC")}
    return pa.schema([(name, types[kind]) for name, kind in COLUMNS])


def rows_table(rows: list[dict]):
    """A pyarrow table of row dicts (``repo`` is filled by the lake)."""
    import pyarrow as pa

    schema = tool_calls_schema()
    schema = schema.remove(schema.get_field_index("repo"))
    return pa.Table.from_pylist([{k: clean_text(v) for k, v in row.items()} for row in rows], schema=schema)


def clean_text(value):
    """Text as Parquet can store it: a lone surrogate (a JSON ``\\udc80`` escape, a non-UTF-8 file name) is written
    as its escape (``\\udc80``, so two such ids stay distinct) instead of failing the whole batch."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return value.encode("utf-8", "backslashreplace").decode("utf-8")
    return value


def parse_ts(value) -> datetime | None:
    """ISO-8601 text (``Z`` or offset) or epoch seconds; naive times are taken as UTC; anything else is None."""
    try:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return datetime.fromtimestamp(value / 1000 if value > 1e11 else value, tz=timezone.utc)
        if isinstance(value, str) and value:
            ts = datetime.fromisoformat(value)
            return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)
    except (ValueError, OverflowError, OSError):
        pass
    return None
