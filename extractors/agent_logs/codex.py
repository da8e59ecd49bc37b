"""OpenAI Codex CLI rollouts (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``).

Lines are ``{"timestamp", "type", "payload"}``. The session's cwd comes from ``session_meta`` and moves with
``turn_context``; both are kept in the file's cursor context so that a run starting mid-file still knows them.
Codex has no read tool: reads come from parsing shell commands (low confidence); edits from ``apply_patch`` headers.
Arguments, patch bodies and outputs are read for paths and exit codes only.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .base import FileScan, LogExtractor
from .schema import parse_ts
from .shell import PATCH_CONFIDENCE, SHELL_CONFIDENCE, command_touches, patch_touches, unwrap_argv
from .sources import CODEX, codex_dirs

KNOWN_TYPES = {"session_meta", "turn_context", "response_item", "event_msg", "compacted"}
CALL_ITEMS = {"function_call", "custom_tool_call", "local_shell_call"}
OUTPUT_ITEMS = {"function_call_output", "custom_tool_call_output", "local_shell_call_output"}
OTHER_ITEMS = {"message", "reasoning", "web_search_call", "ghost_snapshot", "compaction", "compaction_summary",
               "tool_search_call", "tool_search_output", "image_generation_call", "mcp_tool_call"}
SHELL_NAMES = {"shell", "container.exec", "local_shell", "shell_command", "exec_command"}
KNOWN_MAJOR_VERSIONS = {"0", "1"}
_EXIT_CODE = re.compile(r"^Exit code: (-?\d+)", re.M)
_ENV_CWD = re.compile(r"<cwd>([^<]+)</cwd>")


class CodexExtractor(LogExtractor):
    name = "codex"
    format = CODEX

    def default_dirs(self) -> list[Path]:
        return codex_dirs()

    def parse_line(self, scan: FileScan, obj: dict, line_no: int) -> None:
        kind, payload = obj.get("type"), obj.get("payload")
        if "payload" not in obj:
            self._legacy_line(scan, obj, line_no)
            return
        if kind not in KNOWN_TYPES:
            scan.count("unknown_line_types", line_no)
            return
        if not isinstance(payload, dict):
            return
        if kind == "session_meta":
            self._session_meta(scan, payload, line_no)
        elif kind == "turn_context":
            self._set_cwd(scan, payload.get("cwd"))
            if isinstance(payload.get("model"), str):
                scan.context["model"] = payload["model"]
        elif kind == "response_item":
            self._response_item(scan, obj, payload, line_no)
        elif kind == "event_msg":
            self._event(scan, payload)

    def _legacy_line(self, scan: FileScan, obj: dict, line_no: int) -> None:
        """Rollouts before the ``payload`` envelope: a bare meta line, ``record_type`` lines, bare items; the cwd
        then only appears in the ``<environment_context>`` message."""
        kind = obj.get("type")
        if "record_type" in obj:
            return
        if kind is None and isinstance(obj.get("id"), str) and "timestamp" in obj:
            self._session_meta(scan, {k: v for k, v in obj.items() if k != "instructions"}, line_no)
        elif kind == "message" and "cwd" not in scan.context:
            self._set_cwd(scan, _environment_cwd(obj.get("content")))
        elif kind in CALL_ITEMS | OUTPUT_ITEMS | OTHER_ITEMS:
            self._response_item(scan, obj, obj, line_no)
        else:
            scan.count("unknown_line_types", line_no)

    def _session_meta(self, scan: FileScan, meta: dict, line_no: int) -> None:
        meta = meta.get("meta") if isinstance(meta.get("meta"), dict) else meta  # some versions nest it
        if scan.context.get("session") and scan.context["session"] != meta.get("id"):
            return  # a forked rollout repeats its parent's meta after its own
        scan.context["session"] = meta.get("id")
        version = meta.get("cli_version")
        scan.context["version"] = version if isinstance(version, str) else None
        if isinstance(version, str) and version.split(".")[0] not in KNOWN_MAJOR_VERSIONS:
            scan.count("unknown_versions", line_no)
        git = meta.get("git") if isinstance(meta.get("git"), dict) else {}
        scan.context["branch"] = git.get("branch") if isinstance(git.get("branch"), str) else None
        self._set_cwd(scan, meta.get("cwd"))

    def _set_cwd(self, scan: FileScan, cwd) -> None:
        if not isinstance(cwd, str) or not cwd:
            return
        if "session_cwd" not in scan.context:
            scan.context["session_cwd"] = cwd
            scan.foreign = not scan.shared.resolver.contains(cwd)
        scan.context["cwd"] = cwd

    def _response_item(self, scan: FileScan, obj: dict, item: dict, line_no: int) -> None:
        kind = item.get("type")
        if kind in CALL_ITEMS:
            self._call(scan, obj, item, line_no)
        elif kind in OUTPUT_ITEMS:
            scan.result(item.get("call_id"), _output_success(item.get("output")))
        elif kind not in OTHER_ITEMS:
            scan.count("unknown_item_types", line_no)

    def _event(self, scan: FileScan, event: dict) -> None:
        if event.get("type") == "exec_command_end" and isinstance(event.get("exit_code"), int):
            scan.result(event.get("call_id"), event["exit_code"] == 0)
        elif event.get("type") == "patch_apply_end" and isinstance(event.get("success"), bool):
            scan.result(event.get("call_id"), event["success"])

    def _call(self, scan: FileScan, obj: dict, item: dict, line_no: int) -> None:
        cwd = scan.context.get("cwd")
        if not cwd:
            scan.count("missing_cwd", line_no)
            return
        call_id = item.get("call_id") or item.get("id") or f"{scan.context.get('session')}#{line_no}"
        tool, touches, command, workdir = _interpret(item)
        if workdir:
            workdir = workdir if workdir.startswith("/") else f"{cwd.rstrip('/')}/{workdir}"
        base = {
            "agent": "codex", "agent_version": scan.context.get("version"),
            "session_id": scan.context.get("session") or Path(scan.source_file).stem,
            "parent_session_id": None, "subagent_id": None, "is_sidechain": False,
            "call_id": str(call_id), "ts": parse_ts(obj.get("timestamp")), "tool": tool,
            "git_branch": scan.context.get("branch"), "model": scan.context.get("model"),
            "source_line": line_no, "cwd": workdir or cwd,
        }
        base["root_session_id"] = base["session_id"]
        scan.call(base, touches, op="exec" if command is not None else None, command=command)


def _interpret(item: dict) -> tuple[str, list[tuple], str | None, str | None]:
    """(tool name, touches, shell command or None, workdir or None) of one call item."""
    kind = item.get("type")
    if kind == "local_shell_call":
        action = item.get("action") if isinstance(item.get("action"), dict) else {}
        return ("local_shell",) + _shell(action.get("command"), action.get("working_directory"))
    name = str(item.get("name") or kind)
    if kind == "custom_tool_call":
        raw = item.get("input") if isinstance(item.get("input"), str) else ""
        if name == "apply_patch":
            return name, _patch(raw), None, None
        return name, [], None, None
    args = _arguments(item.get("arguments"))
    if name == "apply_patch":
        return name, _patch(str(args.get("input") or args.get("patch") or "")), None, None
    if name in SHELL_NAMES:
        return (name,) + _shell(args.get("command", args.get("cmd")), args.get("workdir"))
    if name == "view_image" and isinstance(args.get("path"), str):
        return name, [("read", args["path"], "tool_input", 1.0)], None, None
    return name, [], None, None


def _environment_cwd(content) -> str | None:
    """The ``<cwd>`` of an ``<environment_context>`` block; nothing else of the message is looked at."""
    for block in content if isinstance(content, list) else []:
        text = block.get("text") if isinstance(block, dict) else None
        if isinstance(text, str) and "<environment_context>" in text:
            match = _ENV_CWD.search(text)
            return match.group(1).strip() if match else None
    return None


def _arguments(raw) -> dict:
    if isinstance(raw, dict):
        return raw
    try:
        value = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _shell(command, workdir) -> tuple[list[tuple], str | None, str | None]:
    """Touches of a shell command given as argv or text; ``apply_patch`` argv counts as a patch."""
    if isinstance(command, list) and all(isinstance(w, str) for w in command):
        command = unwrap_argv(command)
    elif not isinstance(command, str):
        return [], None, None
    if isinstance(command, list) and command and command[0] == "apply_patch":
        return _patch(" ".join(command[1:])), None, workdir if isinstance(workdir, str) else None
    text = command if isinstance(command, str) else " ".join(command)
    is_patch = "*** Begin Patch" in text
    touches = [(t.op, t.path, "patch_header" if is_patch else "shell_parse",
                PATCH_CONFIDENCE if is_patch else SHELL_CONFIDENCE) for t in command_touches(command)]
    return touches, None if is_patch else text, workdir if isinstance(workdir, str) else None


def _patch(body: str) -> list[tuple]:
    return [(op, path, "patch_header", PATCH_CONFIDENCE) for op, path in patch_touches(body)]


def _output_success(output) -> bool | None:
    """Exit status from a call output: JSON with metadata.exit_code, an "Exit code: N" header, or a success flag."""
    if isinstance(output, dict):
        return output.get("success") if isinstance(output.get("success"), bool) else None
    if not isinstance(output, str):
        return None
    try:
        data = json.loads(output)
    except ValueError:
        data = None
    if isinstance(data, dict):
        code = (data.get("metadata") or {}).get("exit_code") if isinstance(data.get("metadata"), dict) else None
        if isinstance(code, int):
            return code == 0
    match = _EXIT_CODE.search(output[:200])
    if match:
        return int(match.group(1)) == 0
    if output.startswith("Success."):
        return True
    return None
