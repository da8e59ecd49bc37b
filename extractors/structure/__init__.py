"""Structure extractor: tree-sitter definitions, calls, imports and inheritance -> files, symbols, refs, edges.

Incremental by content: a file is re-parsed only when its git blob id (or content hash outside git) differs from
the one the lake holds; ``options["files"]`` limits the run to those paths (``codelake update``). The whole graph is
re-resolved on every run from the stored raw references, so edges into changed files never go stale. A bare
repository (no working tree) is indexed at its HEAD (``snapshot``).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from pipeline.errors import ExtractError
from pipeline.extractor import Batch, Cursor, Replace, RunContext

VERSION = "0.2.0"  # a lake indexed by another version is parsed again in full (new facts, columns)
LARGE_TABLES = ("refs", "edges")  # a million rows in a 2M-line repository: their strings are held dictionary-encoded


class StructureExtractor:
    name = "structure"
    version = VERSION

    @property
    def tables(self):
        # imported on use: the package also serves light readers (``languages``) that must not pay for pyarrow
        from .schemas import TABLES

        return TABLES

    def run(self, ctx: RunContext, cursor: Cursor):
        from pipeline.repos import is_bare_repo

        if not is_bare_repo(ctx.root):
            return (yield from self._index(ctx, cursor, _checkout(ctx.root)))
        if ctx.options.get("files") is not None:
            raise ExtractError(f"{ctx.root} is a bare repository: there is no working tree to update from; "
                               "run `codelake index` to index its HEAD")
        with tempfile.TemporaryDirectory(prefix="codelake-tree-") as tmp:  # only what the run reads, then gone
            return (yield from self._index(ctx, cursor, _bare(ctx.root, Path(tmp))))

    def _index(self, ctx: RunContext, cursor: Cursor, view: "SourceView"):
        from . import plan, rows
        from .parallel import parse_all

        previous = {t: ctx.previous(t, dictionary=_string_columns(self.tables[t]) if t in LARGE_TABLES else None)
                    for t in ("files", "symbols", "refs", "edges")}
        full = bool(ctx.options.get("full")) or previous["files"] is None or cursor.state.get("version") != VERSION
        changes = plan.plan_changes(view.root, view.is_git, previous["files"], full, ctx.options.get("files"),
                                    view.candidates)
        view.prepare(changes)
        workers = ctx.options.get("workers")
        new = parse_all(view.root, changes.to_parse, view.head, plan.console_entry_points(view.root), ctx.progress,
                        workers)
        statuses = new["files"].column("parse_status").to_pylist()
        ctx.count("files_parsed", len(statuses))
        for status in ("skipped", "fallback", "partial"):
            ctx.count(f"files_{status}", statuses.count(status))
        if not full:
            touched = new["files"].column("path").to_pylist() + changes.deleted
            for table in ("files", "refs"):
                yield Replace(table, "path", touched)
        yield Batch("files", new["files"])
        yield Batch("refs", new["refs"])
        keep = set(changes.unchanged)
        symbols = rows.merged_symbols(previous["symbols"], new["symbols"], keep)  # whole table: sids are dense
        yield Batch("symbols", symbols)
        provenance = f"{self.name}@{self.version}"
        configs, moved = _resolution_configs(changes, cursor, full)
        if moved:
            ctx.count("resolution_configs_changed")
        changed = None if full or moved else set(new["files"].column("path").to_pylist()) | set(changes.deleted)
        yield Batch("edges", rows.resolve_edges(previous, new, symbols, keep, view.root, provenance, workers, changed))
        return Cursor(commit=view.head, state={"files": len(keep) + len(statuses), "configs": configs,
                                               "version": VERSION})


def _resolution_configs(changes, cursor: Cursor, full: bool) -> tuple[dict | None, bool]:
    """The content ids of go.mod, tsconfig.json... to record, and whether they moved since the last run (then any
    import may resolve elsewhere: every reference is resolved again)."""
    before = cursor.state.get("configs")
    configs = before if changes.configs is None else changes.configs
    if changes.configs_named:  # an update given some of them
        configs = {**(configs or {}), **changes.configs_named}
    return configs, not full and configs != before


def _string_columns(schema) -> list[str]:
    return [f.name for f in schema if f.type == "string" and f.name != "repo"]


@dataclass
class SourceView:
    """Where a run reads files: a checkout (or plain folder) as it is, or a bare repository's HEAD tree written to a
    temporary folder as the plan needs it."""

    root: Path
    is_git: bool
    head: str | None
    candidates: list | None = None  # the files to consider, when they do not come from listing ``root``
    prepare: Callable = lambda changes: None  # called with the plan before parsing


def _checkout(root: Path) -> SourceView:
    from pipeline.repos import git_toplevel, head_commit

    is_git = git_toplevel(root) == root.resolve()  # a folder inside a repository is indexed as plain
    return SourceView(root, is_git, head_commit(root) if is_git else None)


def _bare(repo: Path, tmp: Path) -> SourceView:
    from pipeline.repos import head_commit

    from . import plan, snapshot
    from .discover import is_resolution_config

    head = head_commit(repo)
    listed = snapshot.tree_candidates(repo, lambda p: plan.indexable(p) or p in snapshot.ALWAYS_WRITTEN) if head else []

    def write(changes) -> None:
        parse = {path for path, *_ in changes.to_parse}
        snapshot.write_blobs(repo, [c for c in listed if c.path in parse or is_resolution_config(c.path)
                                    or c.path in snapshot.ALWAYS_WRITTEN], tmp)

    return SourceView(tmp, True, head, [c for c in listed if plan.indexable(c.path)], write)
