"""An update's files parsed ahead, while the process that asked still starts up.

A cold ``codelake update`` spends most of its time before it parses: importing pyarrow (~150 ms), compiling the
language's query (~120 ms for Python's), reading the lake's snapshot. Parsing needs none of that but the query, so a
forked child compiles the query and parses the files (under the usual per-file budget) meanwhile, on the other core,
and hands back their facts (plain Python objects: the child never imports pyarrow). The run takes them when it asks
to parse exactly what the child parsed; otherwise the child is stopped and the run parses as it always does. Only a
one-shot process asks for it: a long-lived one (the warm refresh worker) keeps its compiled queries instead.
"""

from __future__ import annotations

import os
import pickle
import signal
import time
from dataclasses import dataclass
from pathlib import Path

from . import budget

MAX_BYTES = 2_000_000  # more than an edit's few files: a whole-run parse goes through the pool as always
SLACK = 30.0  # seconds on top of the files' budgets before the parent gives up waiting


@dataclass
class ParsedAhead:
    """A child parsing ``items`` (the plan's tuples for an update of those files) with ``head`` and
    ``entry_points``; ``take`` hands its tables over once."""

    pid: int | None
    fd: int
    items: list
    head: str | None
    entry_points: set

    def take(self, items: list, head: str | None, entry_points: set) -> dict | None:
        """The tables of the child's facts when it parsed exactly this, else None (the child is stopped)."""
        if self.pid is None or (items, head, entry_points) != (self.items, self.head, self.entry_points):
            self.cancel()
            return None
        deadline = time.monotonic() + budget.file_budget() * len(items) + SLACK
        try:
            frame = budget._Frames(self.fd).next(deadline)
            facts = pickle.loads(frame) if isinstance(frame, bytes) else None
        except (OSError, pickle.PickleError, EOFError):
            facts = None
        self.cancel()
        if facts is None:
            return None
        from .rows import tables_from_facts

        return tables_from_facts(facts, head, entry_points)

    def cancel(self) -> None:
        if self.pid is None:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except OSError:
            pass
        budget._reap(self.pid)
        os.close(self.fd)
        self.pid = None


def parse_ahead(root: Path, files: list[str], head: str | None) -> ParsedAhead | None:
    """A child parsing ``files`` of ``root`` as an update's plan would list them; None where it would not pay (no
    fork, nothing to parse, big files, or the languages' queries compiled in this process already)."""
    from . import parse, plan

    if not hasattr(os, "fork"):
        return None
    items = plan.plan_changes(root, False, None, False, files).to_parse
    compiled = any(lang.name in parse._PARSERS for _, lang, *_ in items)
    if not items or compiled or plan.total_bytes(root, items, MAX_BYTES + 1) > MAX_BYTES:
        return None
    entry_points = plan.console_entry_points(root)
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child; the parent's tables are its coverage
        os.close(read_end)
        _child(root, items, head, entry_points, write_end)
    os.close(write_end)
    return ParsedAhead(pid, read_end, items, head, entry_points)


def _child(root: Path, items: list, head: str | None, entry_points: set, out: int) -> None:
    status = 1
    try:
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: never outlive the parent
        except (OSError, AttributeError):
            pass
        import gc

        from .parse import compile_queries, parse_file, skipped_item

        gc.disable()  # a short-lived process: no cycle passes over the trees' objects
        compile_queries(items)  # before run_guarded forks: the child that parses under the budget inherits them
        parts = budget.run_guarded(lambda item: parse_file(root, *item), items, skipped_item)
        facts = [f for part in parts for f in part]
        budget._send(out, pickle.dumps(facts, protocol=pickle.HIGHEST_PROTOCOL))
        status = 0
    finally:
        os._exit(status)
