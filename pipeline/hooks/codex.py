"""Codex's hooks: stdin fields and the answer it expects.

Input: ``session_id``, ``transcript_path`` (the rollout file, or null), ``cwd``, ``hook_event_name``, ``model``;
turn events add ``turn_id``; PreToolUse and PostToolUse add ``tool_name`` (``Bash`` for shell commands,
``apply_patch`` for every file edit, ``mcp__server__tool``), ``tool_input`` (``{"command": ...}``: the shell command,
or the raw patch body) and ``tool_use_id``; SessionStart adds ``source``. Codex has no read tool: a read is a shell
command (``cat``, ``sed -n``, ``head``, ``rg PATTERN FILE``), read off here the way the log extractor does. Patch paths
come from the headers ``*** Update File:``, ``*** Add File:``, ``*** Delete File:``, ``*** Move to:``, relative to the
turn's cwd. Context goes out as ``hookSpecificOutput.additionalContext`` (SessionStart; PreToolUse since Codex
0.129, earlier versions report it as unsupported and carry on); Stop prints nothing (it only accepts JSON).
"""

from __future__ import annotations

import json
import re

from .events import AFTER_EDIT, BEFORE_TOOL, OTHER, SESSION_END, SESSION_START, HookEvent, absolute, text_field, unique

AGENT = "codex"
PATCH_TOOLS = {"apply_patch", "Edit", "Write"}  # Edit and Write are Codex's matcher aliases of apply_patch
SHELL_TOOLS = {"Bash", "shell", "exec_command", "local_shell", "shell_command"}
READ_COMMANDS = {"cat", "head", "tail", "less", "more", "bat", "nl", "sed", "awk", "wc", "view", "rg", "grep"}
CONTEXT_EVENTS = {"SessionStart", "PreToolUse", "PostToolUse", "UserPromptSubmit"}
_PATCH_HEADER = re.compile(r"^\s*\*\*\* (Add|Delete|Update) File: (.+?)\s*$|^\s*\*\*\* Move to: (.+?)\s*$", re.M)
_SEPARATORS = {"&&", "||", ";", "|", "&"}
MAX_COMMAND = 64 * 1024  # shell commands longer than this are not parsed for reads


def parse(data: dict, fallback_cwd: str) -> HookEvent:
    name = text_field(data, "hook_event_name") or ""
    cwd = absolute(text_field(data, "cwd") or fallback_cwd, fallback_cwd) or fallback_cwd
    tool = text_field(data, "tool_name")
    base = dict(agent=AGENT, name=name, cwd=cwd, session_id=text_field(data, "session_id"),
                transcript=text_field(data, "transcript_path"), tool=tool)
    if name == "SessionStart":
        return HookEvent(kind=SESSION_START, source=text_field(data, "source"), **base)
    if name in ("Stop", "SessionEnd"):
        return HookEvent(kind=SESSION_END, **base)
    tool_input = data.get("tool_input") if isinstance(data.get("tool_input"), dict) else {}
    command = tool_input.get("command") or tool_input.get("patch") or tool_input.get("input")
    command = command if isinstance(command, str) else None
    if name == "PreToolUse":
        if tool in PATCH_TOOLS or (command and "*** Begin Patch" in command):
            paths = [p for op, p in patch_paths(command or "") if op in ("Update", "Delete")]
        elif tool in SHELL_TOOLS:
            paths = read_paths(command or "")
        else:
            paths = []
        return HookEvent(kind=BEFORE_TOOL, paths=unique(absolute(p, cwd) for p in paths), **base)
    if name == "PostToolUse" and (tool in PATCH_TOOLS or (command and "*** Begin Patch" in command)):
        return HookEvent(kind=AFTER_EDIT, paths=unique(absolute(p, cwd) for _, p in patch_paths(command or "")),
                         **base)
    return HookEvent(kind=OTHER, **base)


def patch_paths(patch: str) -> list[tuple[str, str]]:
    """(operation, path) of each file header of an ``apply_patch`` body; a rename names both ends."""
    out = []
    for match in _PATCH_HEADER.finditer(patch):
        kind, path, moved_to = match.groups()
        out.append(("Move", moved_to) if moved_to else (kind, path))
    return out


def read_paths(command: str) -> list[str]:
    """Files a shell command reads: the plain (non-option) words after a read command, segment by segment. A
    heuristic: words with variables, globs or substitutions are skipped, never guessed."""
    if len(command) > MAX_COMMAND:
        return []
    import shlex

    try:
        words = shlex.split(command, posix=True)
    except ValueError:
        return []
    if len(words) >= 3 and words[0].rsplit("/", 1)[-1] in {"bash", "sh", "zsh"} and words[1] in {"-c", "-lc"}:
        return read_paths(words[2])
    paths, segment = [], []
    for word in words + [";"]:
        if word in _SEPARATORS:
            paths.extend(_segment_reads(segment))
            segment = []
        else:
            segment.append(word)
    return paths


def _segment_reads(words: list[str]) -> list[str]:
    if not words or words[0].rsplit("/", 1)[-1] not in READ_COMMANDS:
        return []
    program, args = words[0].rsplit("/", 1)[-1], words[1:]
    plain = [w for w in args if not w.startswith("-") and not re.search(r"[$`*?\[\]{}<>]", w)]
    if program in {"sed", "awk", "rg", "grep"} and plain:
        plain = plain[1:]  # the script or pattern
    return plain


def render(event: HookEvent, context: str | None) -> str:
    if not context or event.name not in CONTEXT_EVENTS:
        return ""
    return json.dumps({"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": context}},
                      ensure_ascii=False)
