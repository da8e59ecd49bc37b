"""What the three agent-log extractors share: the run loop, the per-file scan and row building.

A format module only interprets lines: it calls ``FileScan.call`` for each tool call it recognises and
``FileScan.result`` when the call's outcome shows up. Everything else (incremental offsets, de-duplication on the call
id, path resolution, privacy of commands, counting of bad input) happens here, once.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

from pipeline.extractor import Batch, Cursor, Replace, RunContext

from .paths import PathResolver
from .schema import TABLE, parse_ts, rows_table, tool_calls_schema
from .schema import clean_text as _utf8
from .shell import looks_like_path
from .sources import LineReader, detect_format, jsonl_files

log = logging.getLogger(__name__)

BATCH_ROWS = 20_000
LOGGED_EXAMPLES = 3
MAX_PENDING = 200  # calls per file still waiting for their result, kept in the cursor


@dataclass
class RunShared:
    """State of one extractor run shared by its file scans."""

    ctx: RunContext
    resolver: PathResolver
    extractor: str
    keep_commands: bool
    awaits_results: bool = True  # False when lines carry their own outcome (agent_jsonl)
    seen: set = field(default_factory=set)  # call keys emitted by this run
    emitted: list = field(default_factory=list)


class FileScan:
    """One source file's new lines: builds rows, tracks calls waiting for results and the file's context."""

    def __init__(self, shared: RunShared, source_file: str, state: dict):
        self.shared, self.source_file, self.state = shared, source_file, state
        self.context: dict = state.setdefault("context", {})  # facts carried by earlier lines (cwd, session...)
        self.pending: dict[str, list[dict]] = {}
        self.stored_pending: dict[str, list[dict]] = {k: [_thaw(r) for r in v]
                                                      for k, v in state.get("pending", {}).items()}
        self.rows: list[dict] = []
        self.foreign = False  # the session belongs to another repository: stop reading

    def count(self, name: str, line: int | None = None) -> None:
        """Count a skip; the first few of each kind per run are logged with their file and line."""
        counters = self.shared.ctx.counters
        if line is not None and counters.get(name, 0) < LOGGED_EXAMPLES:
            log.warning("%s:%s: %s", self.source_file, line, name.replace("_", " "))
        self.shared.ctx.count(name)

    def call(self, base: dict, touches: list[tuple], op: str | None = None, command: str | None = None) -> None:
        """Record one tool call.

        ``base`` holds the call's columns (call_id, session..., and ``cwd`` for resolving), ``touches`` the paths it
        touched as ``(op, raw_path, path_source, confidence)``, ``op`` the call's op when no path is stored.
        """
        clean = {k: _utf8(v) for k, v in base.items()}  # lone surrogates in a log must not fail the run
        if clean != base:
            self.count("invalid_text", clean.get("source_line"))
        base, command = clean, _utf8(command)
        call_id = base["call_id"]
        if f"{self.shared.extractor}:{call_id}:0" in self.shared.seen:
            self.count("duplicate_calls")  # a resumed or forked session repeating earlier lines
            return
        seq = self.state.get("seq", 0)
        self.state["seq"] = seq + 1
        rows = [dict(base, seq=seq, op=touch_op, path=path, path_source=source, confidence=conf)
                for touch_op, path, source, conf in self._resolve(touches, base.get("cwd"))]
        if not rows:
            rows = [dict(base, seq=seq, op=op or (touches[0][0] if touches else None), path=None,
                         path_source=None, confidence=None)]
        for i, row in enumerate(rows):
            row.pop("cwd", None)
            row.update(call_key=f"{self.shared.extractor}:{call_id}:{i}", extractor=self.shared.extractor,
                       source_file=_utf8(self.source_file),
                       command=command if self.shared.keep_commands else None)
            row.setdefault("success", None)
            self.shared.seen.add(row["call_key"])
        self.rows.extend(rows)
        if rows[0]["success"] is None and self.shared.awaits_results:
            self.pending[call_id] = rows

    def _resolve(self, touches: list[tuple], cwd: str | None) -> Iterator[tuple]:
        stored = set()
        for op, raw, source, conf in touches:
            path, reason = self.shared.resolver.resolve(_utf8(raw), cwd)
            if path is None:
                self.count(reason)
            elif source == "shell_parse" and not self._plausible(raw, path):
                self.count("implausible_paths")  # a word read off a command that may be anything: a secret too
            elif (op, path) not in stored:
                stored.add((op, path))
                yield op, path, source, conf

    def _plausible(self, raw: str, path: str) -> bool:
        """A word parsed from a shell command is stored only when it has a path's shape or names a file of the
        repository (at index time)."""
        return looks_like_path(raw.strip()) or os.path.lexists(os.path.join(self.shared.resolver.root, path))

    def result(self, call_id, success: bool | None, created: bool = False) -> None:
        """A call's outcome: fills ``success`` (and turns a write into a create) on its rows, even from a past run."""
        if not isinstance(call_id, str):
            return
        call_id = _utf8(call_id)
        rows = self.pending.pop(call_id, None)
        if rows is None:
            rows = self.stored_pending.pop(call_id, None)
            if rows is None:
                return
            self.rows.extend(rows)  # emitted by an earlier run: emitted again, the call key replaces the old row
            self.shared.seen.update(row["call_key"] for row in rows)
        for row in rows:
            row["success"] = success
            if created and row["op"] == "write":
                row["op"] = "create"

    def finish(self) -> None:
        waiting = {**self.stored_pending, **self.pending}
        self.state["pending"] = {k: [_freeze(r) for r in v] for k, v in list(waiting.items())[-MAX_PENDING:]}
        if not self.state["pending"]:
            del self.state["pending"]


def _existing(files: dict) -> dict:
    """Cursor entries of files still on disk (a deleted log keeps its rows in the lake, just not its entry)."""
    return {key: state for key, state in files.items() if Path(key).exists()}


def _freeze(row: dict) -> dict:
    return {k: (v.isoformat() if k == "ts" and v is not None else v) for k, v in row.items()}


def _thaw(row: dict) -> dict:
    return {k: (parse_ts(v) if k == "ts" else v) for k, v in row.items()}


class LogExtractor:
    """Base of the agent-log extractors; subclasses set ``name``, ``default_dirs`` and ``parse_line``."""

    name = ""
    owner = "agent_logs"  # the agent-log readers write one table together
    version = "1.0.0"
    format = ""
    awaits_results = True

    @property
    def tables(self) -> dict:
        return {TABLE: tool_calls_schema()}

    def default_dirs(self) -> list[Path]:
        return []

    def parse_line(self, scan: FileScan, obj: dict, line_no: int) -> None:
        raise NotImplementedError

    def run(self, ctx: RunContext, cursor: Cursor) -> Iterator:
        # Never the whole partition: the other agents' rows live in the same one. Keys are replaced below.
        yield Replace(TABLE, "call_key", [])
        files = {} if ctx.options.get("full") else _existing(cursor.state.get("files", {}))
        shared = RunShared(ctx, PathResolver(Path(ctx.root)), self.name, bool(ctx.options.get("keep_commands")),
                           self.awaits_results)
        buffered: list[dict] = []
        sources = self.sources(ctx, files)
        for done, path in enumerate(sources):
            buffered.extend(self._scan_file(shared, path, files))
            if len(buffered) >= BATCH_ROWS:
                yield Batch(TABLE, rows_table(buffered))
                buffered = []
            if ctx.progress:
                ctx.progress(done + 1, len(sources), path.name)
        if buffered:
            yield Batch(TABLE, rows_table(buffered))
        yield Replace(TABLE, "call_key", sorted(shared.seen))
        return Cursor(commit=None, state={"files": files})

    def sources(self, ctx: RunContext, files: dict) -> list[Path]:
        """Our files: everything under the agent's own log folders, plus files of our format under ``--logs``."""
        found: dict[str, Path] = {}
        for folder in self.default_dirs():
            for path in jsonl_files(folder):
                found[str(path)] = path
        for folder in ctx.options.get("logs") or []:
            for path in jsonl_files(Path(folder).expanduser()):
                key = str(path)
                if key in found:
                    continue
                known = files.get(key, {}).get("format")
                if known is None:
                    known = detect_format(path) or "unknown"
                    if known != self.format:
                        files[key] = {"format": known}  # remembered so the file is not peeked at again
                if known == self.format:
                    found[key] = path
        return list(found.values())

    def _scan_file(self, shared: RunShared, path: Path, files: dict) -> list[dict]:
        key = str(path)
        state = dict(files.get(key) or {})
        if state.get("foreign"):
            return []
        state["format"] = self.format
        scan = FileScan(shared, key, state)
        reader = LineReader(path, state.get("offset", 0), state.get("line", 0), state.get("skipping", False))
        try:
            self._read(scan, reader)
        except OSError as exc:  # also a refused one: a FIFO, a device (pipeline.safeio)
            scan.count("unreadable_files", reader.line)
            log.warning("%s: unreadable (%s)", path, exc.strerror or exc)
        for counter, times in (("rewritten_files", reader.rewritten), ("oversized_lines", reader.oversized),
                               ("files_read_in_part", reader.stopped_early)):
            if times:
                shared.ctx.count(counter, int(times))
        scan.finish()
        state.update(offset=reader.offset, line=reader.line)
        if reader.skipping:
            state["skipping"] = True
        else:
            state.pop("skipping", None)
        if scan.foreign:
            state = {"format": self.format, "foreign": True}
            shared.ctx.count("sessions_other_repos")
        files[key] = state
        return scan.rows

    def _read(self, scan: FileScan, reader: LineReader) -> None:
        for line_no, raw in reader.lines():
            if not raw.strip():
                continue
            try:
                obj = json.loads(raw)
            except (ValueError, RecursionError):  # RecursionError: absurdly deep nesting
                obj = None
            if not isinstance(obj, dict):
                scan.count("malformed_lines", line_no)
                continue
            try:
                self.parse_line(scan, obj, line_no)
            except (AttributeError, TypeError, ValueError, KeyError):
                scan.count("malformed_lines", line_no)  # a known line type with fields of unexpected shapes
            if scan.foreign:
                return

