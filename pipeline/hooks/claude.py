"""Claude Code's hooks: stdin fields and the answer it expects.

Input (every event): ``session_id``, ``transcript_path``, ``cwd``, ``hook_event_name``; PreToolUse and PostToolUse
add ``tool_name``, ``tool_input`` (``file_path`` for Read/Edit/Write/MultiEdit, ``notebook_path`` for NotebookEdit,
an optional ``path`` for Grep/Glob, relative paths meaning the cwd) and ``tool_use_id``; PostToolUse adds
``tool_response``; SessionStart adds ``source``. Context for the model is printed as
``{"hookSpecificOutput": {"hookEventName": <event>, "additionalContext": <text>}}`` with exit code 0 (PreToolUse
accepts it since Claude Code 2.1.9); SessionEnd and Stop print nothing.
"""

from __future__ import annotations

import json

from .events import AFTER_EDIT, BEFORE_TOOL, OTHER, SESSION_END, SESSION_START, HookEvent, absolute, text_field, unique

AGENT = "claude-code"
READ_TOOLS = {"Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "Grep", "Glob"}
EDIT_TOOLS = {"Edit", "Write", "MultiEdit", "NotebookEdit"}
CONTEXT_EVENTS = {"SessionStart", "PreToolUse", "PostToolUse", "UserPromptSubmit"}


def parse(data: dict, fallback_cwd: str) -> HookEvent:
    name = text_field(data, "hook_event_name") or ""
    cwd = absolute(text_field(data, "cwd") or fallback_cwd, fallback_cwd) or fallback_cwd
    tool = text_field(data, "tool_name")
    base = dict(agent=AGENT, name=name, cwd=cwd, session_id=text_field(data, "session_id"),
                transcript=text_field(data, "transcript_path"), tool=tool)
    if name == "SessionStart":
        return HookEvent(kind=SESSION_START, source=text_field(data, "source"), **base)
    if name in ("SessionEnd", "Stop"):
        return HookEvent(kind=SESSION_END, **base)
    tool_input = data.get("tool_input") if isinstance(data.get("tool_input"), dict) else {}
    if name == "PreToolUse" and tool in READ_TOOLS:
        return HookEvent(kind=BEFORE_TOOL, paths=tool_paths(tool_input, cwd), **base)
    if name == "PostToolUse" and tool in EDIT_TOOLS:
        return HookEvent(kind=AFTER_EDIT, paths=tool_paths(tool_input, cwd), **base)
    return HookEvent(kind=OTHER, **base)


def tool_paths(tool_input: dict, cwd: str) -> tuple[str, ...]:
    return unique(absolute(tool_input.get(key), cwd) for key in ("file_path", "notebook_path", "path"))


def render(event: HookEvent, context: str | None) -> str:
    if not context or event.name not in CONTEXT_EVENTS:
        return ""
    return json.dumps({"hookSpecificOutput": {"hookEventName": event.name, "additionalContext": context}},
                      ensure_ascii=False)
