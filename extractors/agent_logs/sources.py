"""Finding log files and reading only their new complete lines.

Each source file's cursor entry records the byte offset just past its last complete line: a line still being
written (no trailing newline yet) is left for the next run. A file that shrank was rewritten and is read again from
the start (the call keys de-duplicate what was already stored). Files under directories given with ``--logs`` are
recognised by content, so one folder may mix the formats.
"""

from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path
from typing import Iterator

from pipeline.safeio import open_regular, read_regular

log = logging.getLogger(__name__)

CLAUDE, CODEX, AGENT_JSONL = "claude_code", "codex", "agent_jsonl"
PEEK_LINES = 20
PEEK_BYTES = 1 << 20
# A log line holds one message, tool output included (a screenshot, a large file read): 64 MiB is far past real
# ones; a longer line is skipped and counted. One run reads at most MAX_PASS_BYTES of a file and goes on next run.
MAX_LINE_BYTES = 64 << 20
MAX_PASS_BYTES = 1 << 30
CODEX_TYPES = {"session_meta", "turn_context", "response_item", "event_msg", "compacted"}


def claude_dirs() -> list[Path]:
    base = os.environ.get("CLAUDE_CONFIG_DIR") or str(Path.home() / ".claude")
    return [Path(base) / "projects"]


def codex_dirs() -> list[Path]:
    base = Path(os.environ.get("CODEX_HOME") or str(Path.home() / ".codex"))
    return [base / "sessions", base / "archived_sessions"]


def jsonl_files(folder: Path) -> list[Path]:
    """Regular ``*.jsonl`` files below ``folder`` (or ``folder`` itself when it is one), oldest first. A FIFO would
    block the run and a symlink to a device (``/dev/zero``) never ends: both are left out, with a warning."""
    if not folder.is_dir():
        return [folder] if _regular(folder) else []
    files = []
    for path in folder.rglob("*.jsonl"):
        try:
            info = path.stat()
        except OSError:
            continue  # vanished while listing, or a dangling link
        if stat.S_ISREG(info.st_mode):
            files.append((info.st_mtime, str(path), path))
        else:
            log.warning("%s: not a regular file, not read", path)
    return [p for _, _, p in sorted(files)]


def _regular(path: Path) -> bool:
    try:
        if stat.S_ISREG(path.stat().st_mode):
            return True
    except OSError:
        return False
    log.warning("%s: not a regular file, not read", path)
    return False


def detect_format(path: Path) -> str | None:
    """Which agent wrote this file, judged from its first lines; None when none of ours."""
    try:
        head = read_regular(path, PEEK_BYTES, truncate=True)
    except OSError:
        return None
    for raw in head.split(b"\n")[:PEEK_LINES]:
        found = _line_format(raw)
        if found:
            return found
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
    """Reads the complete lines after ``offset``; ``offset``/``line`` advance as lines are consumed.

    Bounded: a line longer than ``MAX_LINE_BYTES`` is skipped (``oversized`` counts them; ``skipping`` carries one
    that is still being written over to the next run) and a pass stops after ``MAX_PASS_BYTES`` (``stopped_early``);
    the next run goes on from ``offset``."""

    def __init__(self, path: Path, offset: int = 0, line: int = 0, skipping: bool = False):
        self.path, self.offset, self.line, self.skipping = path, offset, line, skipping
        self.rewritten, self.oversized, self.stopped_early = False, 0, False

    def lines(self) -> Iterator[tuple[int, bytes]]:
        fd = open_regular(self.path)  # a log folder is the user's: links are followed, but only to a regular file
        with os.fdopen(fd, "rb") as fh:
            if os.fstat(fd).st_size < self.offset:
                self.offset, self.line, self.rewritten, self.skipping = 0, 0, True, False
            fh.seek(self.offset)
            start = self.offset
            while self.offset - start < MAX_PASS_BYTES:
                raw = fh.readline(MAX_LINE_BYTES + 1)
                whole = raw.endswith(b"\n")
                if not whole and len(raw) <= MAX_LINE_BYTES and not self.skipping:
                    return  # the end of the file, or a line still being written: read again next run
                self.offset += len(raw)
                if self.skipping or not whole:  # (the rest of) an oversized line: dropped
                    self.oversized += not self.skipping
                    self.skipping = not whole
                    self.line += whole
                    if not whole and len(raw) <= MAX_LINE_BYTES:
                        return  # it is still being written
                    continue
                self.line += 1
                yield self.line, raw
            self.stopped_early = True
