"""``agent_jsonl``: a small documented format so any agent or in-house proxy can feed ``tool_calls``.

One JSON object per line, one tool call per object::

    {"v": 1, "agent": "my-agent", "session_id": "s-42", "call_id": "c-7", "ts": "2026-05-01T10:00:00Z",
     "cwd": "/home/me/repo", "tool": "read_file", "op": "read", "paths": ["src/app.py"], "success": true}

Required: ``session_id``, ``tool``. Optional: ``v`` (format version, 1), ``agent`` (default ``agent_jsonl``),
``agent_version``, ``parent_session_id``, ``subagent_id``, ``call_id`` (default ``<session_id>#<line>``), ``ts``
(ISO-8601 or epoch seconds), ``cwd`` (needed for relative paths), ``op`` (one of ``schema.OPS``), ``path`` or
``paths``, ``success``, ``git_branch``, ``model``, ``command`` (kept only with the keep_commands opt-in). Other fields
are ignored. Lines whose ``cwd`` lies outside the repository belong to another repository and are skipped, so one file
may serve many repositories.
"""

from __future__ import annotations

from .base import FileScan, LogExtractor
from .schema import OPS, parse_ts
from .sources import AGENT_JSONL

FORMAT_VERSION = 1


def _text(obj: dict, key: str) -> str | None:
    value = obj.get(key)
    return value if isinstance(value, str) and value else None


class AgentJsonlExtractor(LogExtractor):
    name = "agent_jsonl"
    format = AGENT_JSONL
    awaits_results = False

    def parse_line(self, scan: FileScan, obj: dict, line_no: int) -> None:
        version = obj.get("v", FORMAT_VERSION)
        if not isinstance(version, int) or version > FORMAT_VERSION:
            scan.count("unknown_versions", line_no)
            return
        session, tool = _text(obj, "session_id"), _text(obj, "tool")
        if not session or not tool:
            scan.count("incomplete_lines", line_no)
            return
        cwd = _text(obj, "cwd")
        if cwd and not scan.shared.resolver.contains(cwd):
            scan.count("lines_other_repos")
            return
        op = obj.get("op")
        if op is not None and op not in OPS:
            scan.count("unknown_ops", line_no)
            op = None
        paths = self._paths(obj)
        if paths and not cwd and not any(p.startswith("/") for p in paths):
            scan.count("missing_cwd", line_no)
            return
        touches = [(op, p, "agent_jsonl", 1.0) for p in paths]
        scan.call(self._base(obj, session, tool, cwd, line_no), touches, op=op, command=_text(obj, "command"))

    def _paths(self, obj: dict) -> list[str]:
        paths = obj.get("paths")
        paths = paths if isinstance(paths, list) else [obj.get("path")]
        return [p for p in paths if isinstance(p, str) and p]

    def _base(self, obj: dict, session: str, tool: str, cwd: str | None, line_no: int) -> dict:
        parent = _text(obj, "parent_session_id")
        success = obj.get("success")
        return {
            "agent": _text(obj, "agent") or "agent_jsonl", "agent_version": _text(obj, "agent_version"),
            "session_id": session, "parent_session_id": parent, "root_session_id": parent or session,
            "subagent_id": _text(obj, "subagent_id"), "is_sidechain": parent is not None,
            "call_id": _text(obj, "call_id") or f"{session}#{line_no}", "ts": parse_ts(obj.get("ts")),
            "tool": tool, "git_branch": _text(obj, "git_branch"), "model": _text(obj, "model"),
            "source_line": line_no, "cwd": cwd, "success": success if isinstance(success, bool) else None,
        }
