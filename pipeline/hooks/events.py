"""What a hook event means to us, whichever agent sent it: one record the runtime acts on.

Adapters (``claude.py``, ``codex.py``) turn the agent's stdin JSON into a ``HookEvent`` and our answer back into the
agent's output format. Anything they do not recognise becomes kind ``other`` (answered with silence).
"""

from __future__ import annotations

import os

SESSION_START, BEFORE_TOOL, AFTER_EDIT, SESSION_END, OTHER = (
    "session_start", "before_tool", "after_edit", "session_end", "other")
MAX_PATHS = 8  # files one tool call may name that we look at (a patch can touch many)


class HookEvent:
    """One event (a plain class: ``typing.NamedTuple`` would cost the hook a ``typing`` import)."""

    __slots__ = ("agent", "kind", "name", "cwd", "paths", "session_id", "transcript", "source", "tool")

    def __init__(self, agent: str, kind: str, name: str, cwd: str, paths: tuple[str, ...] = (),
                 session_id: str | None = None, transcript: str | None = None, source: str | None = None,
                 tool: str | None = None):
        self.agent = agent  # claude-code | codex
        self.kind = kind  # one of the kinds above
        self.name = name  # the agent's own event name, echoed in the answer
        self.cwd = cwd  # absolute working directory of the session or turn
        self.paths = paths  # absolute paths the tool reads or edited
        self.session_id = session_id
        self.transcript = transcript  # the session's log file (Claude Code transcript, Codex rollout)
        self.source = source  # SessionStart: startup | resume | clear | compact
        self.tool = tool

    def __repr__(self) -> str:
        return "HookEvent(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


def text_field(data: dict, key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) and value and "\0" not in value else None


def absolute(path, cwd: str) -> str | None:
    """An agent-given path made absolute against the session's cwd (None for anything that is not a plain path)."""
    if not isinstance(path, str) or not path or "\0" in path or len(path) > 4096:
        return None
    path = os.path.expanduser(path) if path.startswith("~") else path
    return os.path.normpath(path if os.path.isabs(path) else os.path.join(cwd, path))


def unique(paths) -> tuple[str, ...]:
    out: list[str] = []
    for path in paths:
        if path and path not in out:
            out.append(path)
    return tuple(out[:MAX_PATHS])
