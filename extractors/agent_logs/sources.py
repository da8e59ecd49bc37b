"""Finding log files and reading only their new complete lines.

Each source file's cursor entry records the byte offset just past its last complete line: a line still being
written (no trailing newline yet) is left for the next run. A file that shrank was rewritten and is read again from
the start (the call keys de-duplicate what was already stored). Files under directories given with ``--logs`` are
recognised by content, so one folder may mix the formats.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Iterator

CLAUDE, CODEX, AGENT_JSONL = "claude_code", "codex", "agent_jsonl"
PEEK_LINES = 20
CODEX_TYPES = {"session_meta", "turn_context", "response_item", "event_msg", "compacted"}


def claude_dirs() -> list[Path]:
    base = os.environ.get("CLAUDE_CONFIG_DIR") or str(Path.home() / ".claude")
    return [Path(base) / "projects"]


def codex_dirs() -> list[Path]:
    base = Path(os.environ.get("CODEX_HOME") or str(Path.home() / ".codex"))
    return [base / "sessions", base / "archived_sessions"]


def jsonl_files(folder: Path) -> list[Path]:
    """``*.jsonl`` files below ``folder`` (or ``folder`` itself when it is a file), oldest first."""
    if folder.is_file():
        return [folder]
    if not folder.is_dir():
        return []
    files = []
    for path in folder.rglob("*.jsonl"):
        try:
            files.append((path.stat().st_mtime, str(path), path))
        except OSError:
            continue  # vanished while listing
    return [p for _, _, p in sorted(files)]


def detect_format(path: Path) -> str | None:
    """Which agent wrote this file, judged from its first lines; None when none of ours."""
    try:
        with open(path, "rb") as fh:
            for _, raw in zip(range(PEEK_LINES), fh):
                found = _line_format(raw)
                if found:
                    return found
    except OSError:
        return None
    return None


def _line_format(raw: bytes) -> str | None:
    try:
        obj = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    if (obj.get("type") in CODEX_TYPES and "payload" in obj) or "record_type" in obj:
        return CODEX  # record_type: rollouts before the payload envelope
    if "sessionId" in obj or obj.get("type") in {"summary", "file-history-snapshot"}:
        return CLAUDE
    if "session_id" in obj and "tool" in obj:
        return AGENT_JSONL
    return None


class LineReader:
    """Reads the complete lines after ``offset``; ``offset``/``line`` advance as lines are consumed."""

    def __init__(self, path: Path, offset: int = 0, line: int = 0):
        self.path, self.offset, self.line = path, offset, line
        self.rewritten = False

    def lines(self) -> Iterator[tuple[int, bytes]]:
        size = self.path.stat().st_size
        if size < self.offset:
            self.offset, self.line, self.rewritten = 0, 0, True
        with open(self.path, "rb") as fh:
            fh.seek(self.offset)
            for raw in fh:
                if not raw.endswith(b"\n"):
                    return  # still being written: read again next run
                self.offset += len(raw)
                self.line += 1
                yield self.line, raw
