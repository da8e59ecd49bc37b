"""Claude Code session transcripts (``~/.claude/projects/<project-dir>/<session>.jsonl``, subagent files too).

Only ``tool_use`` blocks of assistant lines and ``tool_result`` blocks of user lines matter; the other line types
(summaries, snapshots, attachments...) are skipped. Inputs are read for their paths only: contents, old/new strings,
prompts and commands never leave this module (commands only with the keep_commands opt-in).
"""

from __future__ import annotations

from pathlib import Path

from .base import FileScan, LogExtractor
from .schema import parse_ts
from .shell import SHELL_CONFIDENCE, command_touches
from .sources import CLAUDE, claude_dirs

KNOWN_TYPES = {"user", "assistant", "summary", "system", "file-history-snapshot", "attachment", "queue-operation",
               "custom-title", "progress", "agent-name", "tag", "pr-link", "last-prompt", "result"}
KNOWN_MAJOR_VERSIONS = {"0", "1", "2"}
# tool name -> (op, input fields holding a path; missing path = the cwd)
FILE_TOOLS = {
    "Read": ("read", ("file_path",)),
    "Edit": ("edit", ("file_path",)),
    "MultiEdit": ("edit", ("file_path",)),
    "Write": ("write", ("file_path",)),
    "NotebookEdit": ("edit", ("notebook_path",)),
    "NotebookRead": ("read", ("notebook_path",)),
    "Grep": ("search", ("path",)),
    "Glob": ("search", ("path",)),
    "LS": ("list", ("path",)),
}
CWD_DEFAULT = {"Grep", "Glob", "LS"}
SHELL_TOOLS = {"Bash"}


class ClaudeCodeExtractor(LogExtractor):
    name = "claude_code"
    format = CLAUDE

    def default_dirs(self) -> list[Path]:
        return claude_dirs()

    def parse_line(self, scan: FileScan, obj: dict, line_no: int) -> None:
        kind = obj.get("type")
        if kind not in KNOWN_TYPES:
            scan.count("unknown_line_types", line_no)
            return
        if kind not in ("user", "assistant"):
            return
        if not self._belongs(scan, obj):
            return
        content = (obj.get("message") or {}).get("content")
        if not isinstance(content, list):
            return
        for block in content:
            if not isinstance(block, dict):
                continue
            if kind == "assistant" and block.get("type") == "tool_use":
                self._tool_use(scan, obj, block, line_no)
            elif kind == "user" and block.get("type") == "tool_result":
                result = obj.get("toolUseResult")
                created = isinstance(result, dict) and result.get("type") == "create"
                scan.result(block.get("tool_use_id"), not bool(block.get("is_error")), created)

    def _belongs(self, scan: FileScan, obj: dict) -> bool:
        """The session's first cwd decides whether it is this repository's; later lines may move around."""
        cwd = obj.get("cwd")
        if isinstance(cwd, str) and cwd and "session_cwd" not in scan.context:
            scan.context["session_cwd"] = cwd
            if not scan.shared.resolver.contains(cwd):
                scan.foreign = True
                return False
        if isinstance(cwd, str) and cwd:
            scan.context["cwd"] = cwd
        return True

    def _tool_use(self, scan: FileScan, obj: dict, block: dict, line_no: int) -> None:
        call_id, tool, params = block.get("id"), block.get("name"), block.get("input")
        if not isinstance(call_id, str) or not isinstance(tool, str):
            scan.count("malformed_lines", line_no)
            return
        cwd = obj.get("cwd") if isinstance(obj.get("cwd"), str) else scan.context.get("cwd")
        if not cwd:
            scan.count("missing_cwd", line_no)
            return
        params = params if isinstance(params, dict) else {}
        touches, op, command = self._touches(tool, params)
        scan.call(self._base(scan, obj, call_id, tool, cwd, line_no), touches, op=op, command=command)

    def _touches(self, tool: str, params: dict) -> tuple[list[tuple], str | None, str | None]:
        if tool in FILE_TOOLS:
            op, fields = FILE_TOOLS[tool]
            raw = next((params[f] for f in fields if isinstance(params.get(f), str) and params[f]), None)
            if raw is None and tool in CWD_DEFAULT:
                return [(op, ".", "cwd", 1.0)], op, None
            return ([(op, raw, "tool_input", 1.0)] if raw else []), op, None
        if tool in SHELL_TOOLS:
            command = params.get("command") if isinstance(params.get("command"), str) else None
            touches = [(t.op, t.path, "shell_parse", SHELL_CONFIDENCE) for t in command_touches(command or "")]
            return touches, "exec", command
        return [], None, None  # Task/Agent, web, todo and MCP tools: the call is kept, without a path

    def _base(self, scan: FileScan, obj: dict, call_id: str, tool: str, cwd: str, line_no: int) -> dict:
        session = obj.get("sessionId") if isinstance(obj.get("sessionId"), str) else None
        session = session or scan.context.get("session") or _session_from_file(scan.source_file)
        scan.context["session"] = session
        agent_id = obj.get("agentId") if isinstance(obj.get("agentId"), str) else None
        sidechain = bool(obj.get("isSidechain")) or "subagents" in Path(scan.source_file).parts
        version = obj.get("version") if isinstance(obj.get("version"), str) else None
        if version and version.split(".")[0] not in KNOWN_MAJOR_VERSIONS and not scan.context.get("version_noted"):
            scan.context["version_noted"] = True
            scan.count("unknown_versions", line_no)  # read anyway: the tool_use shape has been stable
        message = obj.get("message") or {}
        return {
            "agent": "claude_code", "agent_version": version,
            "session_id": f"{session}/{agent_id or 'sidechain'}" if sidechain else session,
            "parent_session_id": session if sidechain else None, "root_session_id": session,
            "subagent_id": agent_id if sidechain else None, "is_sidechain": sidechain,
            "call_id": call_id, "ts": parse_ts(obj.get("timestamp")), "tool": tool,
            "git_branch": obj.get("gitBranch") if isinstance(obj.get("gitBranch"), str) else None,
            "model": message.get("model") if isinstance(message.get("model"), str) else None,
            "source_line": line_no, "cwd": cwd,
        }


def _session_from_file(source_file: str) -> str:
    """The file name is the session id (``<session>.jsonl``, ``<session>/subagents/agent-<id>.jsonl``)."""
    path = Path(source_file)
    return path.parent.parent.name if path.parent.name == "subagents" else path.stem
