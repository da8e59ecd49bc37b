"""An update's files parsed ahead, while the process that asked still starts up.

A cold ``codelake update`` spends most of its time before it parses: importing pyarrow (~100 ms), compiling the
language's query (~110 ms for Python's), reading the lake's snapshot. Parsing needs none of that but the query, so a
forked child compiles the query and parses the files meanwhile, on the other core, and hands back their facts
(plain Python objects: the child never imports pyarrow). That child is the one the per-file budget watches
(``budget.start_child``): the run takes it over when it asks to parse exactly what the child parses, and a file that
outlives its budget or kills the child is recorded as skipped, the rest parsed again as any run's would be
(``budget.run_guarded``). Otherwise the child is stopped and the run parses as it always does. Only a one-shot
process asks for it: a long-lived one (the warm refresh worker) keeps its compiled queries instead.
"""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path

from . import budget

MAX_BYTES = 2_000_000  # more than an edit's few files: a whole-run parse goes through the pool as always


@dataclass
class ParsedAhead:
    """A child parsing ``items`` (the plan's tuples for an update of those files of ``root``) with ``head`` and
    ``entry_points``; ``take`` hands its tables over once."""

    pid: int | None
    fd: int
    root: Path
    items: list
    head: str | None
    entry_points: set

    def take(self, items: list, head: str | None, entry_points: set) -> dict | None:
        """The tables of the child's facts when it parses exactly this, else None (the child is stopped)."""
        if self.pid is None or (items, head, entry_points) != (self.items, self.head, self.entry_points):
            self.cancel()
            return None
        from .parse import parse_file, skipped_item
        from .rows import tables_from_facts

        child, self.pid = (self.pid, self.fd), None  # run_guarded reaps it and closes its pipe
        parts = budget.run_guarded(lambda item: parse_file(self.root, *item), items, skipped_item, started=child)
        return tables_from_facts([f for part in parts for f in part], head, entry_points)

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
    fork or no budget to watch it by, nothing to parse, big files, or the languages' queries compiled in this
    process already)."""
    from . import parse, plan

    if not hasattr(os, "fork") or not budget.file_budget():
        return None
    items = plan.plan_changes(root, False, None, False, files).to_parse
    compiled = any(lang.name in parse._PARSERS for _, lang, *_ in items)
    if not items or compiled or plan.total_bytes(root, items, MAX_BYTES + 1) > MAX_BYTES:
        return None
    entry_points = plan.console_entry_points(root)
    pid, fd = budget.start_child(lambda item: parse.parse_file(root, *item), items)
    return ParsedAhead(pid, fd, root, items, head, entry_points)
